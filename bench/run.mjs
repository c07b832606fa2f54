// Runs every benchmark of the project against the built package (npm run bench builds it first).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(here)
  .filter((name) => name.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n== ${file}`);
  await import(pathToFileURL(join(here, file)).href);
}
