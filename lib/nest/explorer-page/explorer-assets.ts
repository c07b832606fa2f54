import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODERN_PROTOCOL_VERSION } from '../../core/internal.js';
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
 * Where the page's files are: `assets/` beside this module in the package (the same in the ES and
 * CommonJS builds), where scripts/build-assets.mjs copies the page that scripts/build-explorer.mjs
 * builds from lib/explorer/; when this module runs from lib/'s sources (the tests), the
 * repository's `dist-explorer/`, where `npm run build:explorer` writes it.
 */
function defaultFolder(): string {
  const packaged = fileURLToPath(new URL('./assets/', import.meta.url));
  return existsSync(packaged)
    ? packaged
    : fileURLToPath(new URL('../../../dist-explorer/', import.meta.url));
}

/**
 * The page and its assets (its template, its one script and its style sheet), read once: served
 * from memory, by exact name, so that no request path reaches the disk. The Nest layer only
 * serves them: the page is built from lib/explorer/ (docs/explorer.md).
 * @internal
 */
export class ExplorerAssets {
  private readonly template: string;
  private readonly assets = new Map<string, ExplorerAsset>();

  /**
   * @param folder where the assets are.
   * @throws Error when the folder or its template cannot be read.
   */
  constructor(folder: string = defaultFolder()) {
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

  /** The page, with its links, the revision its client speaks and how the client names itself. */
  page(links: PageLinks): string {
    const config = {
      endpoint: links.endpoint,
      catalog: links.catalog,
      protocolVersion: MODERN_PROTOCOL_VERSION,
      clientInfo: EXPLORER_CLIENT_INFO,
    };
    return this.template
      .replaceAll('{{assets}}', escapeAttribute(links.assets))
      .replace('{{config}}', JSON.stringify(config).replace(/</g, '\\u003c'));
  }
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
