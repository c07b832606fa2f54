// Checks the built package: `./core` and `./client` must load where no Nest, rxjs or
// reflect-metadata is installed. Copies dist/ into an empty temporary folder and imports them.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'snodo-exports-'));
try {
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const core = await import(pathToFileURL(join(dir, 'dist/core/index.js')).href);
  const client = await import(pathToFileURL(join(dir, 'dist/client/index.js')).href);
  const runtime = new core.Runtime({ name: 'exports-check', version: '1.0.0' });
  const discovered = await client.SnodoClient.inProcess(runtime).discover();
  if (discovered.resultType !== 'complete')
    throw new Error('server/discover gave no complete result');
  let nestLoaded = true;
  try {
    await import(pathToFileURL(join(dir, 'dist/index.js')).href);
  } catch {
    nestLoaded = false;
  }
  if (nestLoaded) throw new Error('the check is void: "." loaded without Nest installed');
  console.log('exports: ./core and ./client load without Nest; "." needs it, as expected');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
