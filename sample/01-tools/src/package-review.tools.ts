import { Injectable } from '@nestjs/common';
import { Scopes, Tool } from '../../../lib/index.js';

/**
 * A tool that needs more than reading, for the OAuth sample (`npm run start:oauth`): a token with
 * `packages:read` lists and calls the other tools, and gets a 403 scope challenge naming
 * `packages:write` here; with a token for both scopes the call goes through (the step-up).
 * Registered only when the sample runs as a protected resource: `@Scopes()` needs the `auth`
 * option.
 */
@Injectable()
@Scopes('packages:write')
export class PackageReviewTools {
  private readonly requests: string[] = [];

  @Tool({
    name: 'request_review',
    description: 'Ask the maintainers to review a package (needs the packages:write scope)',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The package' },
        reason: { type: 'string', description: 'Why it needs a review' },
      },
      required: ['name', 'reason'],
    },
  })
  requestReview({ name, reason }: { name: string; reason: string }): string {
    this.requests.push(`${name}: ${reason}`);
    return `Review of ${name} requested (${this.requests.length} open): ${reason}`;
  }
}
