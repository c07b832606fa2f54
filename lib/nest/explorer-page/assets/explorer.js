// @ts-check
/**
 * The explorer page: connects to the app's MCP endpoint (2026-07-28, `server/discover`), lists
 * its catalog, and opens a view for what the user picks. The caller's credentials (a bearer
 * token, extra headers) go with every request.
 */
import { CatalogList } from './catalog-list.js';
import { errorView } from './content-view.js';
import { download, h, jsonBlock, replace, section } from './dom.js';
import { McpClient } from './mcp-client.js';
import { promptView } from './prompt-view.js';
import { resourceView, templateView } from './resource-view.js';
import { toolView } from './tool-view.js';

/**
 * @param {string} id
 * @returns {any}
 */
const byId = (id) => document.getElementById(id);

/** @type {import('./mcp-client.js').ExplorerConfig} */
const config = JSON.parse(byId('snodo-explorer-config').textContent);
const client = new McpClient(config);

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
  const failure = /** @type {{ status?: number }} */ (error);
  setStatus('The endpoint refused or failed the request; see below.', 'error');
  replace(detail, errorView(error));
  if (failure?.status === 401 || failure?.status === 403) byId('connection').open = true;
}

/** @type {import('./tool-view.js').App} */
const app = {
  client,
  capabilities: {},
  readResource: (uri) => client.request('resources/read', { uri }),
};

const VIEWS = /** @type {Record<string, (app: any, item: any) => HTMLElement>} */ ({
  tools: toolView,
  resources: resourceView,
  templates: templateView,
  prompts: promptView,
});

const list = new CatalogList(
  client,
  { tabs: byId('tabs'), list: byId('list'), more: byId('more'), filter: byId('filter') },
  (kind, item) => replace(detail, VIEWS[kind.id](app, item)),
  showError,
);

/**
 * The landing view: who the server is, what it says to models, what it announces.
 * @param {any} discovered
 */
function aboutView(discovered) {
  const info = discovered._meta?.[config.metaKeys.serverInfo] ?? {};
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

/** Discovers the server and reads the catalog's first pages. */
async function connect() {
  setStatus('Connecting…');
  try {
    const discovered = await client.request('server/discover');
    const info = discovered._meta?.[config.metaKeys.serverInfo] ?? {};
    app.capabilities = discovered.capabilities ?? {};
    byId('server-name').textContent =
      `${info.title ?? info.name ?? 'MCP server'} ${info.version ?? ''}`.trim();
    byId('server-meta').textContent = `${config.protocolVersion} · ${client.url}`;
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
    const response = await fetch(new URL(config.catalog, location.href), {
      headers: client.headers,
    });
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
    client.setHeaders(headersOf(byId('bearer-token').value, byId('extra-headers').value));
  } catch (error) {
    setStatus(error instanceof Error ? error.message : String(error), 'error');
    return;
  }
  void connect();
});
byId('download-catalog').addEventListener('click', () => void downloadCatalog());

void connect();
