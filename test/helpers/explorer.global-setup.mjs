/**
 * Jest's global setup where tests serve the explorer page from lib/'s sources: builds the page
 * into dist-explorer/, where lib/nest/explorer-page/explorer-assets.ts reads it then
 * (scripts/build-explorer.mjs).
 */
import { DEV_FOLDER, buildExplorer, writeExplorer } from '../../scripts/build-explorer.mjs';

export default async function buildExplorerPage() {
  writeExplorer(await buildExplorer(), [DEV_FOLDER]);
}
