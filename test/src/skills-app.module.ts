import {
  Inject,
  Injectable,
  Module,
  Scope,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type DynamicModule,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { join } from 'node:path';
import type { Observable } from 'rxjs';
import { Skill, SnodoModule, type SkillHandler, type SnodoModuleOptions } from '../../lib/index.js';
import { SKILL_MANIFEST, readSkillDirectory, type SkillFiles } from '../../lib/core/index.js';
import { ApiKeyGuard } from './api-key-app.module.js';

/** The PNG signature and a few bytes: a file that is not text. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff,
]);

/** Where the fixtures on disk are: `<base>/tree` (the `skills` option) and `<base>/solo`. */
export const SKILLS_BASE = 'SKILLS_BASE';

/** Counts the reads of the files of the skill it wraps. */
@Injectable()
export class ReadCounter implements NestInterceptor {
  static reads = 0;
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    ReadCounter.reads += 1;
    return next.handle();
  }
}

/** Skills of the method form: open, guarded, wrapped, and one read from disk. */
@Injectable()
export class FixtureSkills {
  constructor(@Inject(SKILLS_BASE) private readonly base: string) {}

  @Skill({
    name: 'code-review',
    description: 'Review a pull request: tests first, then naming, then risk',
    metadata: { version: '1.0.0', owner: 'platform' },
    frontmatter: { license: 'MIT' },
  })
  @UseInterceptors(ReadCounter)
  codeReview(): SkillFiles {
    return {
      [SKILL_MANIFEST]: '# Code review\n\nStart with references/checklist.md.\n',
      'references/checklist.md': '- The tests pass\n',
      'templates/pull-request.md': '## Summary\n',
      'templates/regional/eu.md': '## GDPR\n',
      'assets/logo.png': PNG_BYTES,
    };
  }

  @Skill({ name: 'payroll', description: 'Run the monthly payroll', path: 'acme' })
  @UseGuards(ApiKeyGuard)
  payroll(): SkillFiles {
    return { [SKILL_MANIFEST]: '# Payroll\n', 'rates.csv': 'grade,rate\nA,100\n' };
  }

  @Skill({ path: 'local' })
  solo(): Promise<SkillFiles> {
    return readSkillDirectory(join(this.base, 'solo'));
  }
}

/** A skill of the class form. */
@Skill({ name: 'git-workflow', description: "Follow the team's Git conventions" })
@Injectable()
export class GitWorkflowSkill implements SkillHandler {
  files(): SkillFiles {
    return { [SKILL_MANIFEST]: '# Git workflow\n\nBranch from main; squash on merge.\n' };
  }
}

/** A request-scoped provider that declares a skill: refused at bootstrap. */
@Injectable({ scope: Scope.REQUEST })
export class RequestScopedSkill {
  @Skill({ name: 'per-request', description: 'Built per request' })
  files(): SkillFiles {
    return { [SKILL_MANIFEST]: '# Per request\n' };
  }
}

/** A skill that gives part of its frontmatter: refused at bootstrap. */
@Injectable()
export class HalfFrontmatterSkill {
  @Skill({ name: 'half' })
  files(): SkillFiles {
    return { [SKILL_MANIFEST]: '# Half\n' };
  }
}

/** The skills app: the fixtures above, and the skills of `<base>/tree` under `disk/`. */
@Module({})
export class SkillsAppModule {
  static register(
    base: string,
    options: Partial<SnodoModuleOptions> = {},
    providers: unknown[] = [FixtureSkills, GitWorkflowSkill],
  ): DynamicModule {
    return {
      module: SkillsAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'skills-e2e',
          version: '1.0.0',
          pagination: { pageSize: 2 },
          extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
          skills: { directory: join(base, 'tree'), path: 'disk' },
          ...options,
        }),
      ],
      providers: [
        { provide: SKILLS_BASE, useValue: base },
        ApiKeyGuard,
        ReadCounter,
        ...(providers as never[]),
      ],
    };
  }
}
