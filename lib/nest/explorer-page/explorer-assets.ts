import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGGING_LEVELS, METHODS, META_KEYS, MODERN_PROTOCOL_VERSION } from '../../core/index.js';
import { EXPLORER_MESSAGES } from './explorer.messages.js';
import { EXPLORER_CLIENT_INFO } from './explorer-catalog.js';
import type { PageLinks } from './explorer-paths.js';

/** One file the page loads: its text and its `Content-Type`. @internal */
export interface ExplorerAsset {
  readonly body: string;
  readonly contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
};

/** The page's template, beside the assets but not one of them. */
const TEMPLATE = 'index.html';

/**
 * The page and its assets, read once from the package's `assets/` folder (the same in the ES and
 * CommonJS builds): served from memory, by exact name, so that no request path reaches the disk.
 * @internal
 */
export class ExplorerAssets {
  private readonly template: string;
  private readonly assets = new Map<string, ExplorerAsset>();

  /**
   * @param folder where the assets are.
   * @throws Error when the folder or its template cannot be read.
   */
  constructor(folder: string = fileURLToPath(new URL('./assets/', import.meta.url))) {
    try {
      this.template = readFileSync(join(folder, TEMPLATE), 'utf8');
      for (const name of readdirSync(folder)) {
        const contentType = CONTENT_TYPES[extname(name)];
        if (contentType === undefined) continue;
        this.assets.set(name, { body: readFileSync(join(folder, name), 'utf8'), contentType });
      }
    } catch (error) {
      throw new Error(EXPLORER_MESSAGES.ASSETS_MISSING(folder, (error as Error).message));
    }
  }

  /** The asset of that exact name, if the page has one. */
  asset(name: string): ExplorerAsset | undefined {
    return this.assets.get(name);
  }

  /** The names of every asset. */
  names(): string[] {
    return [...this.assets.keys()].sort();
  }

  /** The page, with its links and the protocol facts its client needs. */
  page(links: PageLinks): string {
    const config = {
      endpoint: links.endpoint,
      catalog: links.catalog,
      protocolVersion: MODERN_PROTOCOL_VERSION,
      metaKeys: META_KEYS,
      nameParams: nameParams(),
      logLevels: LOGGING_LEVELS,
      clientInfo: EXPLORER_CLIENT_INFO,
    };
    return this.template
      .replaceAll('{{assets}}', escapeAttribute(links.assets))
      .replace('{{config}}', JSON.stringify(config).replace(/</g, '\\u003c'));
  }
}

/** The 2026-07-28 request methods whose `Mcp-Name` header names a param (`tools/call` → `name`). */
function nameParams(): Record<string, string> {
  const params: Record<string, string> = {};
  for (const entry of METHODS.entries) {
    if (entry.kind !== 'request' || entry.target === undefined) continue;
    if (!entry.revisions.includes(MODERN_PROTOCOL_VERSION)) continue;
    params[entry.method] = entry.target;
  }
  return params;
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
