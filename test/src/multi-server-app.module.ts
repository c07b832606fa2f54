import {
  Global,
  Injectable,
  Module,
  type CallHandler,
  type CanActivate,
  type DynamicModule,
  type Type,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import {
  InjectSnodoNotifier,
  InjectSnodoRegistry,
  Prompt,
  Resource,
  Skill,
  SnodoExecutionContext,
  SnodoModule,
  SnodoNotifier,
  SnodoRegistry,
  Tool,
  type SnodoModuleOptions,
} from '../../lib/index.js';
import { SKILL_MANIFEST, type OperationEvent } from '../../lib/core/index.js';

/** The key the admin server's guard lets in, as `X-Admin-Key`. */
export const ADMIN_KEY = 'admin-key';

/** Where the admin guard reads the key it compares with: a provider of a global module. */
@Injectable()
export class AdminKeys {
  readonly key = ADMIN_KEY;
}

@Global()
@Module({ providers: [AdminKeys], exports: [AdminKeys] })
export class AdminKeysModule {}

/**
 * The admin server's guard (its `guards` option): not a provider of the app, so Nest builds it,
 * with its dependency. It lets in the requests that carry the key.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(private readonly keys: AdminKeys) {}

  canActivate(context: ExecutionContext): boolean {
    const request = SnodoExecutionContext.create(context).getRequest<
      { headers?: Record<string, unknown> } | undefined
    >();
    return request?.headers?.['x-admin-key'] === this.keys.key;
  }
}

@Injectable()
export class AdminTools {
  @Tool({
    description: 'Bans a user',
    inputSchema: {
      type: 'object',
      properties: { user: { type: 'string', minLength: 2 } },
      required: ['user'],
    },
  })
  ban(args: { user: string }): string {
    return `banned ${args.user}`;
  }

  @Tool({ description: 'Audits the last changes', tags: ['beta'] })
  audit(): string {
    return 'audited';
  }

  @Skill({ name: 'moderation', description: 'How to moderate', tags: ['staff'] })
  moderation() {
    return { [SKILL_MANIFEST]: '# Moderation\n\nBe kind.' };
  }
}

@Module({ providers: [AdminTools] })
export class AdminModule {}

@Injectable()
export class CatalogTools {
  @Tool({ description: 'Searches the catalog', tags: ['public'] })
  search(): string {
    return 'found';
  }

  @Tool({ description: 'Catalog statistics for staff' })
  stats(): string {
    return 'stats';
  }

  @Prompt({ description: 'Explains the catalog', tags: ['public', 'beta'] })
  explain(): string {
    return 'Explain the catalog.';
  }

  @Resource({ uri: 'catalog://about', tags: ['public'] })
  about(): string {
    return 'about the catalog';
  }
}

@Module({ providers: [CatalogTools] })
export class CatalogModule {}

@Injectable()
export class BillingTools {
  @Tool({ description: 'Refunds an order', tags: ['public'] })
  refund(): string {
    return 'refunded';
  }

  @Prompt({ description: 'Summarises an invoice' })
  summary(): string {
    return 'Summarise the invoice.';
  }

  @Resource({ uri: 'billing://plans' })
  plans(): string {
    return 'free, pro';
  }
}

@Module({ providers: [BillingTools] })
export class BillingModule {}

/** Another `refund` tool: composed with the billing one, only a namespace keeps them apart. */
@Injectable()
export class LegacyBillingTools {
  @Tool({ description: 'Refunds the old way' })
  refund(): string {
    return 'refunded the old way';
  }
}

@Module({ providers: [LegacyBillingTools] })
export class LegacyBillingModule {}

/** Injects the registries and notifiers of the servers, by name and by class. */
@Injectable()
export class ServerDirectory {
  constructor(
    readonly main: SnodoRegistry,
    @InjectSnodoRegistry('admin') readonly admin: SnodoRegistry,
    @InjectSnodoRegistry('billing') readonly billing: SnodoRegistry,
    readonly mainNotifier: SnodoNotifier,
    @InjectSnodoNotifier('admin') readonly adminNotifier: SnodoNotifier,
  ) {}
}

/** What the admin server's `instrumentation` heard. */
export const adminEvents: OperationEvent[] = [];

/** How many component runs the billing server's interceptor saw. */
export const billingRuns = { count: 0 };

/** The billing server's interceptor (its `interceptors` option), as an instance. */
const countingInterceptor: NestInterceptor = {
  intercept(_context: ExecutionContext, next: CallHandler) {
    billingRuns.count++;
    return next.handle();
  },
};

/**
 * One app, three servers:
 * - the default one (no `server` name) at `mcp`: the components tagged `public`, from every module;
 * - `admin` at `admin/mcp`: every component of AdminModule and CatalogModule, behind AdminKeyGuard,
 *   with the ajv validator and pages of two;
 * - `billing` at `billing/mcp`: BillingModule's components, tools and prompts in the `billing`
 *   namespace, with an interceptor and a body limit of its own.
 */
@Module({
  imports: [
    AdminKeysModule,
    AdminModule,
    CatalogModule,
    BillingModule,
    SnodoModule.forRoot({
      name: 'acme-public',
      version: '1.0.0',
      tags: ['public'],
      listChanged: true,
      explorer: true,
    }),
    SnodoModule.forRoot({
      server: 'admin',
      path: 'admin/mcp',
      name: 'acme-admin',
      version: '2.0.0',
      include: [AdminModule, CatalogModule],
      guards: [AdminKeyGuard],
      schemaValidator: 'ajv',
      pagination: { pageSize: 2 },
      listChanged: true,
      explorer: true,
      instrumentation: (event) => adminEvents.push(event),
    }),
    SnodoModule.forRoot({
      server: 'billing',
      path: 'billing/mcp',
      name: 'acme-billing',
      version: '1.0.0',
      include: [BillingModule],
      namespace: 'billing',
      interceptors: [countingInterceptor],
      bodyLimit: 2_000,
      listChanged: true,
    }),
  ],
  providers: [ServerDirectory],
})
export class MultiServerAppModule {}

/** An app of the feature modules, and the servers (and other modules) given. */
export function appWith(...imports: (DynamicModule | Type<unknown>)[]) {
  @Module({
    imports: [
      AdminKeysModule,
      AdminModule,
      CatalogModule,
      BillingModule,
      LegacyBillingModule,
      ...imports,
    ],
  })
  class ComposedAppModule {}
  return ComposedAppModule;
}

/** A server's options with a name and version. */
export const server = (
  options: Partial<SnodoModuleOptions> & { server?: string; path?: string },
): ReturnType<typeof SnodoModule.forRoot> =>
  SnodoModule.forRoot({ name: 'composed', version: '1.0.0', ...options });
