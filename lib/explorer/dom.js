// @ts-check
/** Small DOM helpers of the explorer page: no framework, no dependency. */

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Record<string, unknown>} Props
 */

/**
 * Creates an element. Props: `class`, `text`, `on<event>` listeners, `dataset` entries,
 * boolean attributes (true sets, false leaves out), and any other attribute as a string.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') element.textContent = String(value);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function')
      element.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (value === true) element.setAttribute(key, '');
    else element.setAttribute(key, String(value));
  }
  append(element, children);
  return element;
}

/**
 * Appends children (nested arrays flattened, empty ones skipped).
 * @param {Element} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === 'number' ? String(child) : child);
  }
}

/**
 * Empties an element and fills it with new children.
 * @param {Element} element
 * @param {...(Child | Child[])} children
 */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/**
 * JSON, indented, for `<pre>` blocks.
 * @param {unknown} value
 */
export const pretty = (value) => JSON.stringify(value, null, 2);

/**
 * A `<pre>` with JSON in it.
 * @param {unknown} value
 * @param {string} [label] what it is, for screen readers and tests.
 */
export const jsonBlock = (value, label) =>
  h('pre', { class: 'json', 'aria-label': label, text: pretty(value) });

/**
 * A collapsible block with a summary line.
 * @param {string} summary
 * @param {(Child | Child[])[]} children
 * @param {boolean} [open]
 */
export const details = (summary, children, open = false) =>
  h('details', { open }, h('summary', { text: summary }), ...children);

/**
 * A titled section of the detail panel.
 * @param {string} title
 * @param {...(Child | Child[])} children
 */
export const section = (title, ...children) =>
  h('section', { class: 'block', 'aria-label': title }, h('h3', { text: title }), ...children);

let counter = 0;

/**
 * An id unique in the page, for `<label for>`.
 * @param {string} hint
 */
export const uniqueId = (hint) => `${hint.replace(/[^A-Za-z0-9_-]/g, '_')}-${++counter}`;

/**
 * Decodes base64 into bytes.
 * @param {string} data
 */
export function base64Bytes(data) {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Saves bytes or text as a file, through a temporary object URL.
 * @param {BlobPart} content
 * @param {string} type
 * @param {string} fileName
 */
export function download(content, type, fileName) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = h('a', { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
