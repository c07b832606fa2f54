import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import { Prompt, Resource, Scopes, SnodoModule, Tool } from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';

/** Files behind scopes: reading needs `files:read`, writing `files:write`. */
@Injectable()
export class FileComponents {
  @Tool({ name: 'whoami', inputSchema: { type: 'object' } })
  whoami(_args: unknown, context: CallContext): string {
    const user = (context.request as { user?: { clientId?: string } }).user;
    return `${context.auth?.clientId ?? 'nobody'} (request.user: ${user?.clientId ?? 'none'})`;
  }

  @Tool({ name: 'read_file', inputSchema: { type: 'object' } })
  @Scopes('files:read')
  readFile(): string {
    return 'contents';
  }

  @Tool({ name: 'write_file', inputSchema: { type: 'object' } })
  @Scopes('files:write')
  writeFile(): string {
    return 'written';
  }

  @Resource({
    uriTemplate: 'files://{name}',
    name: 'file',
    completionArguments: ['name'],
    complete: 'completeName',
  })
  @Scopes('files:read')
  file(params: { name: string }): string {
    return `file ${params.name}`;
  }

  @Prompt({ name: 'summarize', arguments: [{ name: 'name' }] })
  @Scopes('files:read')
  summarize(): string {
    return 'Summarize the file.';
  }

  completeName(): string[] {
    return ['a.txt', 'b.txt'];
  }
}

/** The app as a protected resource of `issuer`, at `resource`. */
export function oauthAppModule(resource: string, issuer: string): DynamicModule {
  @Module({})
  class OAuthAppModule {}
  return {
    module: OAuthAppModule,
    imports: [
      SnodoModule.forRoot({
        name: 'files',
        version: '1.0.0',
        auth: {
          resource,
          authorizationServers: [issuer],
          scopesSupported: ['files:read', 'files:write'],
          resourceName: 'Files',
        },
      }),
    ],
    providers: [FileComponents],
  };
}
