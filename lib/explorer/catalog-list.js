// @ts-check
/** The catalog in the sidebar: a tab per kind, its items page by page, and a filter. */
import { h, replace } from './dom.js';

/**
 * @typedef {object} Kind
 * @property {string} id
 * @property {string} label
 * @property {string} method the list request.
 * @property {string} key the list in its result.
 * @property {string} capability the server capability that announces it.
 * @property {(item: any) => string} address what identifies an item (name, URI, template).
 */

/** @type {Kind[]} */
export const KINDS = [
  {
    id: 'tools',
    label: 'Tools',
    method: 'tools/list',
    key: 'tools',
    capability: 'tools',
    address: (item) => item.name,
  },
  {
    id: 'resources',
    label: 'Resources',
    method: 'resources/list',
    key: 'resources',
    capability: 'resources',
    address: (item) => item.uri,
  },
  {
    id: 'templates',
    label: 'Templates',
    method: 'resources/templates/list',
    key: 'resourceTemplates',
    capability: 'resources',
    address: (item) => item.uriTemplate,
  },
  {
    id: 'prompts',
    label: 'Prompts',
    method: 'prompts/list',
    key: 'prompts',
    capability: 'prompts',
    address: (item) => item.name,
  },
];

/**
 * What the list shows of an item besides its address: its title, or its name.
 * @param {any} item
 * @param {Kind} kind
 */
const displayName = (item, kind) => String(item.title ?? item.name ?? kind.address(item));

/**
 * @typedef {object} KindState
 * @property {any[]} items the pages loaded so far.
 * @property {string | undefined} nextCursor
 * @property {boolean} served whether the server announces this kind.
 */

/** The sidebar. */
export class CatalogList {
  /**
   * @param {Pick<import('./explorer-client.js').ExplorerConnection, 'listPage'>} client
   * @param {{ tabs: HTMLElement, list: HTMLElement, more: HTMLButtonElement, filter: HTMLInputElement }} elements
   * @param {(kind: Kind, item: any) => void} onSelect
   * @param {(error: unknown) => void} onError
   */
  constructor(client, elements, onSelect, onError) {
    this.client = client;
    this.elements = elements;
    this.onSelect = onSelect;
    this.onError = onError;
    /** @type {Map<string, KindState>} */
    this.state = new Map();
    this.current = KINDS[0];
    elements.more.addEventListener('click', () => void this.more());
    elements.filter.addEventListener('input', () => this.renderItems());
  }

  /**
   * Reads the first page of every kind the server announces.
   * @param {any} capabilities
   */
  async load(capabilities) {
    this.state.clear();
    await Promise.all(
      KINDS.map(async (kind) => {
        const served = capabilities?.[kind.capability] !== undefined;
        const page = served
          ? await this.client.listPage(kind.method, kind.key)
          : { items: [], nextCursor: undefined };
        this.state.set(kind.id, { items: page.items, nextCursor: page.nextCursor, served });
      }),
    );
    const first = KINDS.find((kind) => this.state.get(kind.id)?.items.length) ?? KINDS[0];
    this.show(first);
  }

  /** Loads the next page of the current kind. */
  async more() {
    const kind = this.current;
    const state = this.state.get(kind.id);
    if (state?.nextCursor === undefined) return;
    this.elements.more.disabled = true;
    try {
      const page = await this.client.listPage(kind.method, kind.key, state.nextCursor);
      state.items.push(...page.items);
      state.nextCursor = page.nextCursor;
    } catch (error) {
      this.onError(error);
    } finally {
      this.elements.more.disabled = false;
      this.render();
    }
  }

  /** @param {Kind} kind */
  show(kind) {
    this.current = kind;
    this.render();
  }

  render() {
    const tabs = KINDS.map((kind) => {
      const state = this.state.get(kind.id);
      const count = state
        ? `${state.items.length}${state.nextCursor !== undefined ? '+' : ''}`
        : '…';
      return h('button', {
        type: 'button',
        role: 'tab',
        'aria-selected': String(kind === this.current),
        disabled: state !== undefined && !state.served,
        onclick: () => this.show(kind),
        text: `${kind.label} (${count})`,
      });
    });
    replace(this.elements.tabs, tabs);
    this.renderItems();
  }

  renderItems() {
    const kind = this.current;
    const state = this.state.get(kind.id);
    const needle = this.elements.filter.value.trim().toLowerCase();
    const items = (state?.items ?? []).filter((item) =>
      needle === ''
        ? true
        : `${kind.address(item)} ${item.title ?? ''} ${item.description ?? ''}`
            .toLowerCase()
            .includes(needle),
    );
    replace(
      this.elements.list,
      items.length === 0
        ? h('li', {
            class: 'muted',
            text: state?.served === false ? 'Not served.' : 'Nothing here.',
          })
        : null,
      items.map((item) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'item',
              onclick: () => this.onSelect(kind, item),
              title: item.description,
            },
            displayName(item, kind) === String(kind.address(item))
              ? null
              : h('span', { class: 'item-title', text: displayName(item, kind) }),
            h('code', { class: 'item-address', text: String(kind.address(item)) }),
          ),
        ),
      ),
    );
    this.elements.more.hidden = state?.nextCursor === undefined;
  }
}
