// Runs every benchmark of the project against the built package (npm run bench builds it first).
// Each run names its Node version and machine first: figures of two Node versions are not
// comparable (the tables each benchmark writes name it too).
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
console.log(
  `benchmarks on Node ${process.version} (V8 ${process.versions.v8}), ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${os.platform()} ${os.release()}`,
);
for (const file of readdirSync(here)
  .filter((name) => name.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n== ${file}`);
  await import(pathToFileURL(join(here, file)).href);
}
