import { Injectable } from '@nestjs/common';
import { Skill } from '../../../lib/index.js';
import { SKILL_MANIFEST, type SkillFiles } from '../../../lib/core/index.js';

/**
 * The skills the suite's `sep-2640-*` scenarios list, read and walk (the skills extension, with
 * `directoryRead`): one with its frontmatter given to `@Skill()` and nested subdirectories, one
 * under an organizational prefix whose manifest carries its own frontmatter block.
 */
@Injectable()
export class ConformanceSkills {
  @Skill({
    name: 'code-review',
    description:
      'Review a pull request the way this team does: tests first, then naming, then risk',
    metadata: { version: '1.0.0' },
    frontmatter: { license: 'MIT' },
  })
  codeReview(): SkillFiles {
    return {
      [SKILL_MANIFEST]:
        '# Code review\n\nRead references/checklist.md first, then answer with the template in templates/ that fits the change.\n',
      'references/checklist.md':
        '- The tests pass and cover the change\n- Names say what things are\n',
      'templates/pull-request.md': '## Summary\n\n## Risk\n',
      'templates/regional/eu-release.md': '## Summary\n\n## GDPR impact\n',
      'scripts/diffstat.sh': '#!/bin/sh\ngit diff --stat "$1"\n',
    };
  }

  @Skill({ path: 'acme/billing' })
  refunds(): SkillFiles {
    return {
      [SKILL_MANIFEST]: [
        '---',
        'name: refunds',
        'description: Process customer refund requests per company policy',
        'license: Apache-2.0',
        '---',
        '',
        '# Refunds',
        '',
        'Answer the customer with examples/email.md once the refund is approved.',
        '',
      ].join('\n'),
      'examples/email.md': 'Dear customer, your refund is on its way.\n',
    };
  }
}
