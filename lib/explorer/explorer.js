// @ts-check
/**
 * The explorer page: connects to the app's MCP endpoint (2026-07-28, `server/discover`), lists
 * its catalog, and opens a view for what the user picks. The caller's credentials (a bearer
 * token, extra headers) go with every request. scripts/build-explorer.mjs bundles this module and
 * what it imports (SnodoClient and the core's parts included) into the page's one script.
 */
import { META_KEYS } from '../core/internal.js';
import { CatalogList } from './catalog-list.js';
import { errorView, isRefusal } from './content-view.js';
import { download, h, jsonBlock, replace, section } from './dom.js';
import { ExplorerConnection } from './explorer-client.js';
import { promptView } from './prompt-view.js';
import { resourceView, templateView } from './resource-view.js';
import { toolView } from './tool-view.js';

/**
 * @param {string} id
 * @returns {any}
 */
const byId = (id) => document.getElementById(id);

/** @type {import('./explorer-client.js').ExplorerConfig} */
const config = JSON.parse(byId('snodo-explorer-config').textContent);

/** Headers the page sets itself, which the connection form refuses. */
const OWN_HEADERS = /^(content-type|content-length|accept|mcp-.*)$/i;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The connection form's headers: `Authorization: Bearer <token>` and one `Name: value` a line.
 * @param {string} bearer
 * @param {string} lines
 * @returns {Record<string, string>}
 * @throws {Error} for a line that is not a header the page may send.
 */
function headersOf(bearer, lines) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of lines.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new Error(`Not a header: "${line.trim()}" (write Name: value)`);
    if (OWN_HEADERS.test(name)) throw new Error(`The page sets ${name} itself`);
    headers[name.toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (bearer.trim() !== '') headers.authorization = `Bearer ${bearer.trim()}`;
  return headers;
}

const status = byId('status');
const detail = byId('detail');

/**
 * @param {string} text
 * @param {'info' | 'error'} [kind]
 */
function setStatus(text, kind = 'info') {
  status.textContent = text;
  status.className = `status ${kind}`;
}

/** @param {unknown} error */
function showError(error) {
  setStatus('The endpoint refused or failed the request; see below.', 'error');
  replace(detail, errorView(error));
  if (isRefusal(error)) byId('connection').open = true;
}

/**
 * The caller's headers, from the connection form: sent with every request.
 * @type {Record<string, string>}
 */
let headers = {};

/** @type {import('./tool-view.js').App} */
const app = {
  client: /** @type {ExplorerConnection} */ (/** @type {unknown} */ (undefined)), // set by connect()
  capabilities: {},
  readResource: (uri) => app.client.request('resources/read', { uri }),
};

/**
 * The catalog's requests go through the connection of the moment.
 * @type {Pick<ExplorerConnection, 'listPage'>}
 */
const catalogClient = {
  listPage: (method, key, cursor) => app.client.listPage(method, key, cursor),
};

const VIEWS = /** @type {Record<string, (app: any, item: any) => HTMLElement>} */ ({
  tools: toolView,
  resources: resourceView,
  templates: templateView,
  prompts: promptView,
});

const list = new CatalogList(
  catalogClient,
  { tabs: byId('tabs'), list: byId('list'), more: byId('more'), filter: byId('filter') },
  (kind, item) => replace(detail, VIEWS[kind.id](app, item)),
  showError,
);

/**
 * The landing view: who the server is, what it says to models, what it announces.
 * @param {any} discovered
 */
function aboutView(discovered) {
  const info = discovered._meta?.[META_KEYS.serverInfo] ?? {};
  return h(
    'article',
    { class: 'view', 'aria-label': 'Server' },
    h('h2', { text: info.title ?? info.name ?? 'MCP server' }),
    h('p', { class: 'muted', text: 'Pick a tool, resource, template or prompt on the left.' }),
    discovered.instructions
      ? section(
          'Instructions',
          h('p', { class: 'description', text: String(discovered.instructions) }),
        )
      : null,
    section('Capabilities', jsonBlock(discovered.capabilities ?? {}, 'capabilities')),
    section('Revisions served', h('p', { text: (discovered.supportedVersions ?? []).join(', ') })),
  );
}

/** Connects with the caller's headers, discovers the server and reads the catalog's first pages. */
async function connect() {
  setStatus('Connecting…');
  try {
    app.client = await ExplorerConnection.open(config, headers);
    const discovered = await app.client.request('server/discover');
    const info = discovered._meta?.[META_KEYS.serverInfo] ?? {};
    app.capabilities = discovered.capabilities ?? {};
    byId('server-name').textContent =
      `${info.title ?? info.name ?? 'MCP server'} ${info.version ?? ''}`.trim();
    byId('server-meta').textContent = `${config.protocolVersion} · ${app.client.url}`;
    replace(detail, aboutView(discovered));
    await list.load(app.capabilities);
    setStatus('Connected.');
  } catch (error) {
    showError(error);
  }
}

/** Downloads the Markdown catalog (what `snodo catalog` writes), as this caller sees it. */
async function downloadCatalog() {
  try {
    const response = await fetch(new URL(config.catalog, location.href), { headers });
    if (!response.ok)
      throw Object.assign(new Error(`The catalog could not be read: HTTP ${response.status}`), {
        status: response.status,
      });
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'mcp-catalog.md';
    download(await response.text(), 'text/markdown', name);
    setStatus(`Saved ${name}.`);
  } catch (error) {
    showError(error);
  }
}

byId('connection-form').addEventListener('submit', (/** @type {Event} */ event) => {
  event.preventDefault();
  try {
    headers = headersOf(byId('bearer-token').value, byId('extra-headers').value);
  } catch (error) {
    setStatus(error instanceof Error ? error.message : String(error), 'error');
    return;
  }
  void connect();
});
byId('download-catalog').addEventListener('click', () => void downloadCatalog());

void connect();
