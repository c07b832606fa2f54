#!/usr/bin/env node
/**
 * The public API report of each entry point (`api/<entry>.api.md`), made by api-extractor from the
 * built declarations: `npm run api` writes them after a change to the surface (commit them with
 * it); `npm run api:check` (in .ci/run) fails when the built surface differs from the committed
 * reports, so that every change to the public API is a reviewed diff. Needs `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Each entry point of package.json's `exports`, by report name, with its built declarations. */
const ENTRIES = {
  index: 'dist/index.d.ts',
  core: 'dist/core/index.d.ts',
  client: 'dist/client/index.d.ts',
  express: 'dist/express/index.d.ts',
  redis: 'dist/redis/index.d.ts',
  throttler: 'dist/throttler/index.d.ts',
  transports: 'dist/transports/index.d.ts',
};
const local = process.argv.includes('--local');

let failed = 0;
for (const [name, entry] of Object.entries(ENTRIES)) {
  const mainEntryPointFilePath = join(root, entry);
  if (!existsSync(mainEntryPointFilePath))
    throw new Error(`${entry} is missing: run npm run build first`);
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath,
      compiler: { tsconfigFilePath: join(root, 'tsconfig.build.json') },
      apiReport: {
        enabled: true,
        reportFileName: `${name}.api.md`,
        reportFolder: join(root, 'api'),
        reportTempFolder: join(tmpdir(), 'snodo-api-report'),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: local, showVerboseMessages: false });
  // Warnings (undocumented members, links to names of other entry points) are printed, not
  // fatal: what fails the check is an error, or a surface that differs from its report.
  const changed = !local && result.apiReportChanged;
  if (result.errorCount > 0 || changed) failed++;
  console.log(
    `api: ${name}: ${changed ? `differs from api/${name}.api.md` : result.errorCount > 0 ? 'errors' : 'ok'}` +
      (result.warningCount > 0 ? ` (${result.warningCount} warnings)` : ''),
  );
}
if (failed > 0) {
  console.error(
    `api: ${failed} report(s) changed: the public API changed. Review the diff, then run \`npm run api\` and commit api/ with the change.`,
  );
  process.exit(1);
}
