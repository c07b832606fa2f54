// @ts-check
/** Prompts: their arguments, and the messages they render to. */
import { completeInto } from './completion.js';
import { promptResult } from './content-view.js';
import { details, h, jsonBlock, uniqueId } from './dom.js';
import { roundHandlers } from './input-requests.js';
import { outcomeOf } from './tool-view.js';

/**
 * The field of one prompt argument (a string), with suggestions when the server completes it.
 * @param {import('./tool-view.js').App} app
 * @param {string} promptName
 * @param {any} argument
 * @param {() => Record<string, string>} values every argument's value so far.
 */
function argumentField(app, promptName, argument, values) {
  const name = String(argument.name);
  const input = h('input', { id: uniqueId(name), name, required: argument.required === true });
  const others = () => Object.fromEntries(Object.entries(values()).filter(([key]) => key !== name));
  const element = h(
    'div',
    { class: 'field' },
    h(
      'label',
      { for: input.id, class: 'field-label' },
      h('span', { class: 'field-name', text: name }),
      argument.required ? h('span', { class: 'required', title: 'required', text: ' *' }) : null,
      argument.title ? h('span', { class: 'field-title', text: ` (${argument.title})` }) : null,
    ),
    input,
    completeInto(app, { type: 'ref/prompt', name: promptName }, name, input, others),
    argument.description
      ? h('small', { class: 'field-hint', text: String(argument.description) })
      : null,
  );
  return { name, input, element };
}

/**
 * The view of a prompt.
 * @param {import('./tool-view.js').App} app
 * @param {any} prompt
 */
export function promptView(app, prompt) {
  const declared = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  /** @type {{ name: string, input: HTMLInputElement, element: HTMLElement }[]} */
  const fields = [];
  /** @returns {Record<string, string>} */
  const values = () =>
    Object.fromEntries(
      fields
        .filter(({ input }) => input.value !== '')
        .map(({ name, input }) => [name, input.value]),
    );
  for (const argument of declared) fields.push(argumentField(app, prompt.name, argument, values));
  const rounds = h('div', { class: 'rounds' });
  const output = h('div', { class: 'output' });
  const get = async (/** @type {Event} */ event) => {
    event.preventDefault();
    output.replaceChildren(h('p', { class: 'muted', text: 'Getting the prompt…' }));
    try {
      const result = await app.client.call(
        'prompts/get',
        { name: prompt.name, arguments: values() },
        { handlers: roundHandlers(rounds, app) },
      );
      output.replaceChildren(promptResult(result, app));
    } catch (error) {
      output.replaceChildren(outcomeOf(error));
    }
  };
  return h(
    'article',
    { class: 'view', 'aria-label': `Prompt ${prompt.name}` },
    h('h2', { text: prompt.title ?? prompt.name }),
    prompt.title ? h('p', {}, h('code', { text: String(prompt.name) })) : null,
    prompt.description ? h('p', { class: 'description', text: String(prompt.description) }) : null,
    h(
      'form',
      { class: 'call', onsubmit: get, 'aria-label': 'Arguments', novalidate: true },
      h(
        'section',
        { class: 'block' },
        h('h3', { text: 'Arguments' }),
        fields.length === 0
          ? h('p', { class: 'muted', text: 'No arguments.' })
          : fields.map((f) => f.element),
      ),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', text: 'Get prompt' }),
      ),
    ),
    rounds,
    output,
    details('Definition', [jsonBlock(prompt)]),
  );
}
