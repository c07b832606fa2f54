import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SNIPPET = /<!-- snippet: (\S+) -->\n+```ts\n([\s\S]*?)\n```/g;

describe.each([
  'docs/tools.md',
  'docs/resources.md',
  'docs/prompts.md',
  'docs/transports.md',
  'docs/explorer.md',
  'docs/multiple-servers.md',
])('%s', (page) => {
  const text = readFileSync(resolve(root, page), 'utf8');
  const snippets = [...text.matchAll(SNIPPET)].map((match) => [match[1]!, match[2]!] as const);

  it('should have snippets', () => {
    expect(snippets.length).toBeGreaterThan(1);
  });

  it.each(snippets)('should quote %s as it is', (file, code) => {
    expect(readFileSync(resolve(root, file), 'utf8')).toContain(code);
  });
});
