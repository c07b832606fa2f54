/**
 * Jest's global setup, for every suite:
 * - builds the explorer page from lib/explorer/ into dist-explorer/, where
 *   lib/nest/explorer-page/explorer-assets.ts reads it when tests serve the page from lib/'s
 *   sources (scripts/build-explorer.mjs);
 * - builds the apps that tests run as processes of their own into dist-sample/, when a source is
 *   newer than their last build (scripts/build-apps.mjs), so that one build serves every suite.
 */
import { buildApps, stale } from '../../scripts/build-apps.mjs';
import { DEV_FOLDER, buildExplorer, writeExplorer } from '../../scripts/build-explorer.mjs';

export default async function globalSetup() {
  writeExplorer(await buildExplorer(), [DEV_FOLDER]);
  if (stale()) buildApps();
}
