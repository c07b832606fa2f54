import type { SnodoExplorerOptions } from '../interfaces/snodo-module-options.interface.js';

/** The extension of Markdown files. @internal */
export const MARKDOWN_EXTENSION = '.md';

/** The Markdown catalog's route, below the page's. @internal */
export const CATALOG_ROUTE = `catalog${MARKDOWN_EXTENSION}`;

/** The segments of a path, without empty ones (`'/api//mcp/'` → `['api', 'mcp']`). */
const segmentsOf = (path: string): string[] => path.split('/').filter((part) => part.length > 0);

/**
 * The explorer's route path (under the global prefix): `explorer.path`, or `<endpoint>/explorer`.
 * @internal
 */
export function explorerPathOf(endpointPath: string, explorer: SnodoExplorerOptions): string {
  return segmentsOf(explorer.path ?? `${endpointPath}/explorer`).join('/');
}

/** The links of the page, relative to its own URL, so that they hold behind a proxy that rewrites paths. @internal */
export interface PageLinks {
  /** Prefix of the assets (`explorer/assets/`, or `assets/` when the page URL ends with a slash). */
  readonly assets: string;
  /** The MCP endpoint. */
  readonly endpoint: string;
  /** The Markdown catalog. */
  readonly catalog: string;
}

/** The relative URL from a directory (segments) to a path (segments), which must not end with a slash. */
function relative(fromDirectory: readonly string[], to: readonly string[]): string {
  const target = to.slice(0, -1);
  let shared = 0;
  while (
    shared < fromDirectory.length &&
    shared < target.length &&
    fromDirectory[shared] === target[shared]
  )
    shared += 1;
  const up = fromDirectory.slice(shared).map(() => '..');
  const parts = [...up, ...target.slice(shared), to.at(-1) ?? ''];
  return up.length === 0 ? `./${parts.join('/')}` : parts.join('/');
}

/**
 * The page's links, from the path the request came on (the global prefix and a URI version
 * included): what comes before the explorer's own path is the prefix the endpoint shares.
 * Express matches routes ignoring case, so the comparison does too.
 * @param requestPath the request's path, query left out or not.
 * @param explorerPath the explorer's route path ({@link explorerPathOf}).
 * @param endpointPath the endpoint's route path.
 * @internal
 */
export function pageLinks(
  requestPath: string,
  explorerPath: string,
  endpointPath: string,
): PageLinks {
  const pathname = requestPath.split('?')[0] ?? '';
  const page = segmentsOf(pathname);
  const own = segmentsOf(explorerPath);
  const tail = page.slice(page.length - own.length).map((part) => part.toLowerCase());
  const matches = own.every((part, index) => part.toLowerCase() === tail[index]);
  const prefix = matches ? page.slice(0, page.length - own.length) : [];
  const trailingSlash = pathname.endsWith('/');
  const directory = trailingSlash ? page : page.slice(0, -1);
  const base = trailingSlash ? '' : `${page.at(-1) ?? ''}/`;
  return {
    assets: `${base}assets/`,
    endpoint: relative(directory, [...prefix, ...segmentsOf(endpointPath)]),
    catalog: `${base}${CATALOG_ROUTE}`,
  };
}
