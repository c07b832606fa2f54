// @ts-check
/** Suggestions for prompt arguments and template variables, from `completion/complete`. */
import { h, uniqueId } from './dom.js';

/**
 * Asks the server for values of an argument as the user types (when it serves completions), and
 * offers them in a `<datalist>`.
 * @param {import('./tool-view.js').App} app
 * @param {Record<string, unknown>} ref `{ type: 'ref/prompt', name }` or `{ type: 'ref/resource', uri }`.
 * @param {string} name the argument.
 * @param {HTMLInputElement} input
 * @param {() => Record<string, string>} others the other arguments, as context.
 * @returns {HTMLDataListElement | null} the list to put beside the input.
 */
export function completeInto(app, ref, name, input, others) {
  if (!app.capabilities?.completions) return null;
  const list = h('datalist', { id: uniqueId(`complete-${name}`) });
  input.setAttribute('list', list.id);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const ask = async () => {
    const context = { arguments: others() };
    try {
      const result = await app.client.request('completion/complete', {
        ref,
        argument: { name, value: input.value },
        context,
      });
      const values = Array.isArray(result.completion?.values) ? result.completion.values : [];
      list.replaceChildren(
        ...values.map((/** @type {unknown} */ value) => h('option', { value: String(value) })),
      );
    } catch {
      list.replaceChildren(); // no suggestions: the user types the value
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), 150);
  };
  input.addEventListener('input', schedule);
  input.addEventListener('focus', schedule);
  return list;
}
