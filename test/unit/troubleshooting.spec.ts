import { readFileSync } from 'node:fs';
// @ts-expect-error: a script of the repository, without declarations
import { PAGE, renderTroubleshooting } from '../../scripts/troubleshooting.mjs';
import { AUTH_MESSAGES } from '../../lib/auth/auth.messages.js';
import { NEST_MESSAGES } from '../../lib/nest/snodo.messages.js';
import { MESSAGES } from '../../lib/core/internal.js';

describe('docs/troubleshooting.md', () => {
  it('should be what scripts/troubleshooting.mjs makes of the message catalogs (run it after changing a message)', async () => {
    expect(readFileSync(PAGE as string, 'utf8')).toBe(
      await (renderTroubleshooting as () => Promise<string>)(),
    );
  });

  it.each([
    ['a bootstrap error', MESSAGES.BAD_WEBSITE_URL],
    ['an answer to a client', AUTH_MESSAGES.TOKEN_WRONG_AUDIENCE],
    ['a warning', NEST_MESSAGES.BODY_READER_LATE],
  ])('should list %s as it reads', (_, message) => {
    expect(readFileSync(PAGE as string, 'utf8').replace(/\s+/g, ' ')).toContain(
      message.replace(/\|/g, '\\|').replace(/\s+/g, ' '),
    );
  });
});
