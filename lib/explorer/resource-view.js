// @ts-check
/** Resources and resource templates: what they are, and reading them. */
import { completeInto } from './completion.js';
import { resourceContents } from './content-view.js';
import { details, h, jsonBlock, uniqueId } from './dom.js';
import { UriTemplate } from '../core/internal.js';
import { errorView } from './content-view.js';
import { roundHandlers } from './input-requests.js';
import { annotationBadges, outcomeOf } from './tool-view.js';

/**
 * Reads a resource (answering input rounds) and shows its contents in `output`.
 * @param {import('./tool-view.js').App} app
 * @param {string} uri
 * @param {HTMLElement} rounds
 * @param {HTMLElement} output
 */
async function readInto(app, uri, rounds, output) {
  output.replaceChildren(h('p', { class: 'muted', text: 'Reading…' }));
  try {
    const result = await app.client.call(
      'resources/read',
      { uri },
      { handlers: roundHandlers(rounds, app) },
    );
    output.replaceChildren(
      h(
        'div',
        { class: 'result', 'aria-label': 'Result' },
        resourceContents(Array.isArray(result.contents) ? result.contents : []),
        details('Raw result', [jsonBlock(result)]),
      ),
    );
  } catch (error) {
    output.replaceChildren(outcomeOf(error));
  }
}

/**
 * What resources and templates share: name, title, description, MIME type, annotations.
 * @param {any} entry
 * @param {string} address the URI or the URI template.
 */
function header(entry, address) {
  return [
    h('h2', { text: entry.title ?? entry.name }),
    h(
      'p',
      {},
      h('code', { text: address }),
      entry.mimeType ? h('span', { class: 'badge', text: String(entry.mimeType) }) : null,
    ),
    annotationBadges(entry.annotations),
    entry.description ? h('p', { class: 'description', text: String(entry.description) }) : null,
  ];
}

/**
 * The view of a resource.
 * @param {import('./tool-view.js').App} app
 * @param {any} resource
 */
export function resourceView(app, resource) {
  const rounds = h('div', { class: 'rounds' });
  const output = h('div', { class: 'output' });
  const read = () => readInto(app, String(resource.uri), rounds, output);
  return h(
    'article',
    { class: 'view', 'aria-label': `Resource ${resource.uri}` },
    header(resource, String(resource.uri)),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'button', class: 'primary', onclick: read, text: 'Read resource' }),
    ),
    rounds,
    output,
    details('Definition', [jsonBlock(resource)]),
  );
}

/**
 * The URI the values make, or the template itself while a value it needs is missing.
 * @param {UriTemplate} template
 * @param {Record<string, string>} values
 */
function previewOf(template, values) {
  try {
    return template.expand(values);
  } catch {
    return template.template;
  }
}

/**
 * A field per variable of a template (with suggestions when the server completes them), which
 * keeps the URI preview up to date.
 * @param {import('./tool-view.js').App} app
 * @param {UriTemplate} template
 * @param {HTMLElement} preview
 */
function variableFields(app, template, preview) {
  const ref = { type: 'ref/resource', uri: template.template };
  const inputs = template.variables.map((name) => ({
    name,
    input: h('input', { id: uniqueId(name), name }),
  }));
  /** @returns {Record<string, string>} */
  const values = () =>
    Object.fromEntries(
      inputs
        .filter(({ input }) => input.value !== '')
        .map(({ name, input }) => [name, input.value]),
    );
  const fields = inputs.map(({ name, input }) => {
    input.addEventListener('input', () => (preview.textContent = previewOf(template, values())));
    const others = () =>
      Object.fromEntries(Object.entries(values()).filter(([key]) => key !== name));
    return h(
      'div',
      { class: 'field' },
      h(
        'label',
        { for: input.id, class: 'field-label' },
        h('span', { class: 'field-name', text: name }),
      ),
      input,
      completeInto(app, ref, name, input, others),
    );
  });
  return { fields, values };
}

/**
 * The view of a resource template: its variables, the URI they make (the core's RFC 6570
 * expander, as the server matches it), and reading it.
 * @param {import('./tool-view.js').App} app
 * @param {any} entry the template as `resources/templates/list` gives it.
 */
export function templateView(app, entry) {
  const uriTemplate = String(entry.uriTemplate);
  const output = h('div', { class: 'output' });
  /** @type {UriTemplate | undefined} */
  let template;
  try {
    template = UriTemplate.compile(uriTemplate);
  } catch (error) {
    output.replaceChildren(errorView(error));
  }
  return h(
    'article',
    { class: 'view', 'aria-label': `Resource template ${uriTemplate}` },
    header(entry, uriTemplate),
    template === undefined ? null : templateForm(app, template, output),
    output,
    details('Definition', [jsonBlock(entry)]),
  );
}

/**
 * The variables of a template, the URI they make, and the button that reads it into `output`.
 * @param {import('./tool-view.js').App} app
 * @param {UriTemplate} template
 * @param {HTMLElement} output
 */
function templateForm(app, template, output) {
  const preview = h('code', {
    class: 'uri-preview',
    'aria-label': 'URI',
    text: previewOf(template, {}),
  });
  const { fields, values } = variableFields(app, template, preview);
  const rounds = h('div', { class: 'rounds' });
  const read = (/** @type {Event} */ event) => {
    event.preventDefault();
    let uri;
    try {
      uri = template.expand(values());
    } catch (error) {
      output.replaceChildren(errorView(error));
      return;
    }
    void readInto(app, uri, rounds, output);
  };
  return [
    h(
      'form',
      { class: 'call', onsubmit: read, 'aria-label': 'Variables' },
      h('section', { class: 'block' }, h('h3', { text: 'Variables' }), fields),
      h('p', {}, 'URI: ', preview),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', text: 'Read resource' }),
      ),
    ),
    rounds,
  ];
}
