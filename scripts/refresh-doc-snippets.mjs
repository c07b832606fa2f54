// Re-copies the code blocks of docs/*.md that are marked `<!-- snippet: <file> -->` from their
// source file: the block's first and last lines locate the excerpt there. Run it after changing
// the sample; test/unit/docs-snippets.spec.ts fails until the docs quote the code as it is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SNIPPET = /(<!-- snippet: (\S+) -->\n+```ts\n)([\s\S]*?)(\n```)/g;
let changed = 0;
for (const page of readdirSync('docs').filter((name) => name.endsWith('.md'))) {
  const path = join('docs', page);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(SNIPPET, (whole, head, file, code, tail) => {
    const lines = code.split('\n');
    const source = readFileSync(file, 'utf8').split('\n');
    const start = source.findIndex((line) => line.trim() === lines[0].trim());
    const end = source.findIndex(
      (line, i) => i >= start && line.trim() === lines[lines.length - 1].trim(),
    );
    if (start === -1 || end === -1) {
      console.error(
        `${path}: cannot find the excerpt of ${file} starting "${lines[0].trim()}"; fix it by hand`,
      );
      process.exitCode = 1;
      return whole;
    }
    return `${head}${source.slice(start, end + 1).join('\n')}${tail}`;
  });
  if (next !== text) {
    writeFileSync(path, next);
    changed++;
  }
}
console.log(`refreshed snippets in ${changed} page(s)`);
