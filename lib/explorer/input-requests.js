// @ts-check
/**
 * One `input_required` round: a panel for each input request (an elicitation form, a URL to
 * visit, a model answer written by hand, the roots), and the answers by key when the user sends
 * them.
 */
import { contentBlock } from './content-view.js';
import { h, uniqueId } from './dom.js';
import { schemaForm } from './schema-form.js';

/** The user gave up on the call instead of answering. */
export class RoundAbandoned extends Error {
  constructor() {
    super('The call was abandoned at an input request');
    this.name = 'RoundAbandoned';
  }
}

/**
 * @typedef {object} Panel
 * @property {HTMLElement} element
 * @property {() => unknown} read the answer (an ElicitResult, CreateMessageResult...).
 */

/**
 * Accept, decline or cancel, as radio buttons (accept chosen).
 * @param {string} key
 */
function actionChoice(key) {
  const name = uniqueId(`action-${key}`);
  const choices = ['accept', 'decline', 'cancel'].map((action) =>
    h('input', { type: 'radio', name, value: action, checked: action === 'accept' }),
  );
  const element = h(
    'div',
    { class: 'actions-choice', role: 'radiogroup', 'aria-label': `Answer to ${key}` },
    choices.map((input) => h('label', { class: 'check' }, input, capitalised(input.value))),
  );
  const chosen = () => choices.find((input) => input.checked)?.value ?? 'accept';
  return { element, chosen };
}

/** @param {string} text */
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * `elicitation/create`: the message and, in form mode, a form of the requested schema; in URL
 * mode, the link to open.
 * @param {string} key
 * @param {any} params
 * @returns {Panel}
 */
function elicitation(key, params) {
  const url = params.mode === 'url' || typeof params.url === 'string';
  const choice = actionChoice(key);
  const form = url
    ? undefined
    : schemaForm(params.requestedSchema ?? {}, { empty: 'Nothing to fill in: accept or decline.' });
  const link = url
    ? h(
        'p',
        {},
        'Open ',
        h('a', {
          href: String(params.url),
          target: '_blank',
          rel: 'noopener noreferrer',
          text: String(params.url),
        }),
        ', then accept.',
      )
    : null;
  const element = h(
    'fieldset',
    { class: 'input-request', 'aria-label': `Elicitation ${key}` },
    h('legend', { text: `Elicitation (${key})` }),
    h('p', { class: 'question', text: String(params.message ?? '') }),
    link,
    form?.element,
    choice.element,
  );
  const read = () => {
    const action = choice.chosen();
    return action === 'accept' && form ? { action, content: form.read() } : { action };
  };
  return { element, read };
}

/**
 * `sampling/createMessage`: the messages for the model, and an answer written by hand.
 * @param {string} key
 * @param {any} params
 * @param {import('./content-view.js').ContentContext} context
 * @returns {Panel}
 */
function sampling(key, params, context) {
  const id = uniqueId(`reply-${key}`);
  const reply = h('textarea', { id, rows: 3 });
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const element = h(
    'fieldset',
    { class: 'input-request', 'aria-label': `Sampling ${key}` },
    h('legend', { text: `Sampling (${key}): answer as the model` }),
    params.systemPrompt ? h('p', { class: 'muted', text: String(params.systemPrompt) }) : null,
    messages.map((/** @type {any} */ message) =>
      h(
        'div',
        { class: 'message' },
        h('span', { class: 'badge', text: String(message.role) }),
        contentBlock(message.content, context),
      ),
    ),
    h('label', { for: id, class: 'field-label', text: 'Reply' }),
    reply,
  );
  const read = () => ({
    role: 'assistant',
    content: { type: 'text', text: reply.value },
    model: 'snodo-explorer (written by hand)',
    stopReason: 'endTurn',
  });
  return { element, read };
}

/**
 * `roots/list`: root URIs, one per line.
 * @param {string} key
 * @returns {Panel}
 */
function roots(key) {
  const id = uniqueId(`roots-${key}`);
  const area = h('textarea', { id, rows: 2, placeholder: 'file:///path/to/project' });
  const element = h(
    'fieldset',
    { class: 'input-request', 'aria-label': `Roots ${key}` },
    h('legend', { text: `Roots (${key})` }),
    h('label', { for: id, class: 'field-label', text: 'Root URIs, one per line' }),
    area,
  );
  const read = () => ({
    roots: area.value
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((uri) => ({ uri })),
  });
  return { element, read };
}

/**
 * The panel of one input request: SnodoClient hands the page only those it declared it answers.
 * @param {string} key
 * @param {any} request
 * @param {import('./content-view.js').ContentContext} context
 * @returns {Panel}
 */
function panelFor(key, request, context) {
  switch (request?.method) {
    case 'elicitation/create':
      return elicitation(key, request.params ?? {});
    case 'sampling/createMessage':
      return sampling(key, request.params ?? {}, context);
    default:
      return roots(key);
  }
}

/**
 * Shows one round's input requests in `container` and resolves to the answers by key once the
 * user sends them.
 * @param {HTMLElement} container
 * @param {Record<string, any>} requests
 * @param {number} round
 * @param {import('./content-view.js').ContentContext} context
 * @param {AbortSignal} [signal] the call's: when it aborts, the form goes.
 * @returns {Promise<Record<string, any>>}
 * @throws {RoundAbandoned} when the user abandons the call; the signal's reason when it aborts.
 */
function answerRound(container, requests, round, context, signal) {
  return new Promise((resolve, reject) => {
    const stop = (/** @type {unknown} */ reason) => {
      container.replaceChildren();
      reject(reason);
    };
    const aborted = () => stop(signal?.reason);
    signal?.addEventListener('abort', aborted, { once: true });
    const panels = Object.entries(requests).map(([key, request]) => ({
      key,
      panel: panelFor(key, request, context),
    }));
    const problem = h('p', { class: 'form-error', role: 'alert', hidden: true });
    const send = (/** @type {Event} */ event) => {
      event.preventDefault();
      try {
        /** @type {Record<string, unknown>} */
        const answers = {};
        for (const { key, panel } of panels) answers[key] = panel.read();
        container.replaceChildren(
          h('p', { class: 'muted', text: `Answers of round ${round} sent.` }),
        );
        signal?.removeEventListener('abort', aborted);
        resolve(answers);
      } catch (error) {
        problem.textContent = error instanceof Error ? error.message : String(error);
        problem.hidden = false;
      }
    };
    const abandon = () => stop(new RoundAbandoned());
    const form = h(
      'form',
      { class: 'input-round', 'aria-label': 'Input requested', onsubmit: send },
      h('h3', { text: `The server asks for input (round ${round})` }),
      panels.map(({ panel }) => panel.element),
      problem,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', text: 'Send answers' }),
        h('button', { type: 'button', onclick: abandon, text: 'Abandon the call' }),
      ),
    );
    container.replaceChildren(form);
    /** @type {HTMLElement | null} */ (
      form.querySelector('input:not([type=radio]), select, textarea')
    )?.focus();
  });
}

/**
 * @typedef {object} Asked one input request, waiting for the user's answer.
 * @property {string} key
 * @property {{ method: string, params: unknown }} request
 * @property {(answer: any) => void} resolve
 * @property {(error: unknown) => void} reject
 */

/**
 * The handlers of one call (SnodoClient's `handlers`), for its `input_required` rounds. The
 * client hands the input requests of a round to its handlers one by one, all at once: the page
 * gathers those that come in the same turn and shows them in one form in `container` (see
 * {@link answerRound}), then gives each handler its panel's answer. Abandoning the round, or the
 * call's signal aborting, rejects them all.
 * @param {HTMLElement} container
 * @param {import('./content-view.js').ContentContext} context
 * @param {{ signal?: AbortSignal, onRound?: () => void }} [options] `onRound` runs as each round
 *   is shown.
 * @returns {import('../client/index.js').ClientRequestHandlers}
 */
export function roundHandlers(container, context, options = {}) {
  let round = 0;
  /** @type {Asked[]} */
  let asked = [];
  const show = () => {
    const batch = asked;
    asked = [];
    round += 1;
    options.onRound?.();
    const requests = Object.fromEntries(batch.map(({ key, request }) => [key, request]));
    const answers = answerRound(container, requests, round, context, options.signal);
    answers.then(
      (byKey) => batch.forEach(({ key, resolve }) => resolve(byKey[key])),
      (error) => batch.forEach(({ reject }) => reject(error)),
    );
  };
  /** @param {string} method */
  const ask =
    (method) => (/** @type {unknown} */ params, /** @type {{ inputKey?: string }} */ asking) =>
      new Promise((resolve, reject) => {
        if (asked.length === 0) setTimeout(show, 0);
        asked.push({
          key: asking.inputKey ?? method,
          request: { method, params },
          resolve,
          reject,
        });
      });
  return {
    elicitation: ask('elicitation/create'),
    sampling: ask('sampling/createMessage'),
    roots: async (asking) => (await ask('roots/list')({}, asking)).roots,
  };
}
