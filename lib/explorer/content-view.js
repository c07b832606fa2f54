// @ts-check
/**
 * How results look: content blocks (text, images, audio, resource links, embedded resources),
 * structured content, `isError`, resource contents, and JSON-RPC errors.
 */
import { ErrorCode } from '../core/internal.js';
import { base64Bytes, details, download, h, jsonBlock, section } from './dom.js';

/**
 * What a view needs to follow a resource link.
 * @typedef {object} ContentContext
 * @property {(uri: string) => Promise<any>} readResource
 */

/**
 * A `data:` URL of base64 content.
 * @param {string} mimeType
 * @param {string} data
 */
const dataUrl = (mimeType, data) => `data:${mimeType};base64,${data}`;

/**
 * The contents of a read resource (or an embedded one).
 * @param {any[]} contents
 */
export function resourceContents(contents) {
  return h(
    'div',
    { class: 'contents' },
    contents.map((item) => {
      const head = h(
        'div',
        { class: 'content-head' },
        h('code', { text: String(item.uri ?? '') }),
        item.mimeType ? h('span', { class: 'badge', text: String(item.mimeType) }) : null,
      );
      return h('div', { class: 'content resource-content' }, head, resourceBody(item));
    }),
  );
}

/** @param {any} item */
function resourceBody(item) {
  if (typeof item.text === 'string') return h('pre', { class: 'text', text: item.text });
  if (typeof item.blob !== 'string') return jsonBlock(item);
  const mimeType = String(item.mimeType ?? 'application/octet-stream');
  if (mimeType.startsWith('image/'))
    return h('img', { src: dataUrl(mimeType, item.blob), alt: String(item.uri ?? 'image') });
  const name =
    String(item.uri ?? 'resource')
      .split('/')
      .pop() || 'resource';
  const save = () => download(base64Bytes(item.blob), mimeType, name);
  return h('button', { type: 'button', onclick: save, text: `Download ${name} (${mimeType})` });
}

/**
 * A resource link: its name and URI, and a button that reads it in place.
 * @param {any} block
 * @param {ContentContext} context
 */
function resourceLink(block, context) {
  const target = h('div', { class: 'link-target' });
  const read = async () => {
    target.replaceChildren(h('p', { class: 'muted', text: 'Reading…' }));
    try {
      const result = await context.readResource(String(block.uri));
      target.replaceChildren(resourceContents(result.contents ?? []));
    } catch (error) {
      target.replaceChildren(errorView(error));
    }
  };
  return h(
    'div',
    { class: 'content resource-link' },
    h(
      'div',
      { class: 'content-head' },
      h('span', { class: 'badge', text: 'resource link' }),
      h('strong', { text: String(block.title ?? block.name ?? '') }),
      h('code', { text: String(block.uri) }),
      block.mimeType ? h('span', { class: 'badge', text: String(block.mimeType) }) : null,
      h('button', { type: 'button', class: 'small', onclick: read, text: 'Read' }),
    ),
    block.description ? h('p', { text: String(block.description) }) : null,
    target,
  );
}

/**
 * One content block.
 * @param {any} block
 * @param {ContentContext} context
 */
export function contentBlock(block, context) {
  switch (block?.type) {
    case 'text':
      return h('pre', { class: 'content text', text: String(block.text) });
    case 'image':
      return h('img', {
        class: 'content',
        src: dataUrl(block.mimeType, block.data),
        alt: `image (${block.mimeType})`,
      });
    case 'audio':
      return h('audio', {
        class: 'content',
        controls: true,
        src: dataUrl(block.mimeType, block.data),
      });
    case 'resource_link':
      return resourceLink(block, context);
    case 'resource':
      return h(
        'div',
        { class: 'content embedded' },
        h('span', { class: 'badge', text: 'embedded resource' }),
        resourceContents([block.resource]),
      );
    default:
      return jsonBlock(block, 'content block');
  }
}

/**
 * The result of a tool call: an error banner when `isError`, the content blocks, the structured
 * content, and the raw JSON.
 * @param {any} result
 * @param {ContentContext} context
 */
export function toolResult(result, context) {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return h(
    'div',
    { class: `result${result.isError ? ' is-error' : ''}`, 'aria-label': 'Result' },
    result.isError
      ? h('p', {
          class: 'banner error',
          role: 'alert',
          text: 'The tool reported an error (isError: true)',
        })
      : h('p', { class: 'banner ok', text: 'Result' }),
    blocks.map((/** @type {any} */ block) => contentBlock(block, context)),
    result.structuredContent !== undefined
      ? section('Structured content', jsonBlock(result.structuredContent, 'structured content'))
      : null,
    details('Raw result', [jsonBlock(result)]),
  );
}

/**
 * The messages of a prompt: each one's role and content.
 * @param {any} result
 * @param {ContentContext} context
 */
export function promptResult(result, context) {
  const messages = Array.isArray(result.messages) ? result.messages : [];
  return h(
    'div',
    { class: 'result', 'aria-label': 'Result' },
    result.description ? h('p', { class: 'banner ok', text: String(result.description) }) : null,
    messages.map((/** @type {any} */ message) =>
      h(
        'div',
        { class: `message role-${message.role}` },
        h('span', { class: 'badge', text: String(message.role) }),
        contentBlock(message.content, context),
      ),
    ),
    details('Raw result', [jsonBlock(result)]),
  );
}

/**
 * Whether the app refused the caller: 401 or 403, as the HTTP status of a plain answer (the
 * Markdown catalog) or as the JSON-RPC code the endpoint answers them with. The token or the
 * headers under Connection are what to change.
 * @param {any} error
 */
export function isRefusal(error) {
  const code = error?.code;
  return (
    error?.status === 401 ||
    error?.status === 403 ||
    code === ErrorCode.Unauthorized ||
    code === ErrorCode.Forbidden
  );
}

/**
 * A failed request: the JSON-RPC error (code, message, data) that SnodoClient threw, or what went
 * wrong on the way (the endpoint unreachable, an answer that is not MCP, an HTTP status).
 * @param {any} error
 */
export function errorView(error) {
  const code = typeof error?.code === 'number' ? `JSON-RPC error ${error.code}` : 'Request failed';
  const status = typeof error?.status === 'number' ? ` (HTTP ${error.status})` : '';
  const advice = isRefusal(error)
    ? h('p', {
        text: 'The app refused the request: set a bearer token or headers under Connection.',
      })
    : null;
  return h(
    'div',
    { class: 'result is-error', role: 'alert', 'aria-label': 'Error' },
    h('p', { class: 'banner error', text: `${code}${status}: ${String(error?.message ?? error)}` }),
    advice,
    error?.data !== undefined ? jsonBlock(error.data, 'error data') : null,
  );
}
