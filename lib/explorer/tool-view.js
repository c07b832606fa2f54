// @ts-check
/**
 * A tool: its description, annotations and schemas, a form of its arguments, and a call that
 * shows progress and log messages while it streams, answers `input_required` rounds, and shows
 * the result.
 */
import { LOGGING_LEVELS } from '../core/internal.js';
import { errorView, toolResult } from './content-view.js';
import { details, h, jsonBlock, section } from './dom.js';
import { RoundAbandoned, roundHandlers } from './input-requests.js';
import { schemaForm } from './schema-form.js';

/**
 * What every view gets from the page.
 * @typedef {object} App
 * @property {import('./explorer-client.js').ExplorerConnection} client
 * @property {any} capabilities the server's capabilities.
 * @property {(uri: string) => Promise<any>} readResource
 */

let tokens = 0;

/**
 * The badges of a component's annotations (`readOnlyHint: true` → "read-only").
 * @param {any} annotations
 */
export function annotationBadges(annotations) {
  if (!annotations || typeof annotations !== 'object') return null;
  const names = /** @type {Record<string, string>} */ ({
    readOnlyHint: 'read-only',
    destructiveHint: 'destructive',
    idempotentHint: 'idempotent',
    openWorldHint: 'open world',
  });
  const badges = Object.entries(annotations)
    .filter(([, value]) => value !== false && value !== undefined)
    .map(([key, value]) =>
      h('span', { class: 'badge', text: names[key] ?? `${key}: ${JSON.stringify(value)}` }),
    );
  return badges.length === 0 ? null : h('div', { class: 'badges' }, badges);
}

/**
 * The live part of a call: a progress bar and the log messages.
 */
function activity() {
  const bar = h('progress', { 'aria-label': 'Progress', hidden: true });
  const text = h('span', { class: 'progress-text' });
  const logs = h('ol', { class: 'logs', 'aria-label': 'Log messages' });
  const element = h('div', { class: 'activity' }, h('div', { class: 'progress' }, bar, text), logs);
  const reset = () => {
    bar.hidden = true;
    text.textContent = '';
    logs.replaceChildren();
  };
  /** @param {any} notification */
  const show = (notification) => {
    const params = notification.params ?? {};
    if (notification.method === 'notifications/progress') {
      bar.hidden = false;
      if (typeof params.total === 'number') bar.max = params.total;
      if (typeof params.progress === 'number') bar.value = params.progress;
      const total = typeof params.total === 'number' ? ` / ${params.total}` : '';
      text.textContent = `${params.progress}${total}${params.message ? `: ${params.message}` : ''}`;
      return;
    }
    const level = notification.method === 'notifications/message' ? String(params.level) : 'notice';
    const data = notification.method === 'notifications/message' ? params.data : notification;
    logs.append(
      h(
        'li',
        { class: `log level-${level}` },
        h('span', { class: 'badge', text: level }),
        params.logger ? h('span', { class: 'muted', text: `${params.logger} ` }) : null,
        typeof data === 'string' ? data : JSON.stringify(data),
      ),
    );
  };
  return { element, reset, show };
}

/**
 * What the call asks for besides its arguments: progress, and a log level.
 * @param {readonly string[]} levels
 */
function callOptions(levels) {
  const progress = h('input', { type: 'checkbox', checked: true });
  const level = h(
    'select',
    { 'aria-label': 'Log level' },
    h('option', { value: '', text: 'no log messages' }),
    levels.map((name) =>
      h('option', { value: name, text: `log level ${name}`, selected: name === 'info' }),
    ),
  );
  const element = h(
    'div',
    { class: 'call-options' },
    h('label', { class: 'check' }, progress, 'Report progress'),
    level,
  );
  return { element, progress: () => progress.checked, logLevel: () => level.value || undefined };
}

/**
 * The header of a tool's view.
 * @param {any} tool
 */
function toolHeader(tool) {
  const support = tool.execution?.taskSupport;
  return [
    h('h2', { text: tool.title ?? tool.name }),
    tool.title ? h('p', {}, h('code', { text: tool.name })) : null,
    annotationBadges(tool.annotations),
    tool.description ? h('p', { class: 'description', text: String(tool.description) }) : null,
    support && support !== 'forbidden'
      ? h('p', {
          class: 'muted',
          text: `Task support: ${support} (the explorer calls it directly)`,
        })
      : null,
  ];
}

/**
 * The parts of a tool's view that a call updates.
 * @typedef {object} CallParts
 * @property {ReturnType<typeof callOptions>} options
 * @property {ReturnType<typeof activity>} live
 * @property {HTMLElement} rounds
 * @property {HTMLElement} output
 */

/**
 * Calls the tool with these arguments, answering its input rounds, and shows what comes back.
 * @param {App} app
 * @param {any} tool
 * @param {Record<string, unknown>} args
 * @param {CallParts} parts
 * @param {AbortSignal} signal
 */
async function runCall(app, tool, args, parts, signal) {
  parts.live.reset();
  parts.output.replaceChildren(h('p', { class: 'muted', text: 'Calling…' }));
  const waiting = () =>
    parts.output.replaceChildren(h('p', { class: 'muted', text: 'Waiting for your answers…' }));
  try {
    const result = await app.client.call(
      'tools/call',
      { name: tool.name, arguments: args },
      {
        signal,
        progressToken: parts.options.progress() ? `explorer-${++tokens}` : undefined,
        logLevel: parts.options.logLevel(),
        onNotification: parts.live.show,
        handlers: roundHandlers(parts.rounds, app, { signal, onRound: waiting }),
      },
    );
    parts.output.replaceChildren(toolResult(result, app));
  } catch (error) {
    parts.output.replaceChildren(outcomeOf(error));
  }
}

/**
 * The view of a tool.
 * @param {App} app
 * @param {any} tool
 * @returns {HTMLElement}
 */
export function toolView(app, tool) {
  const form = schemaForm(tool.inputSchema ?? {}, { asJson: true });
  /** @type {CallParts} */
  const parts = {
    options: callOptions(LOGGING_LEVELS),
    live: activity(),
    rounds: h('div', { class: 'rounds' }),
    output: h('div', { class: 'output' }),
  };
  const callButton = h('button', { type: 'submit', class: 'primary', text: 'Call tool' });
  const cancelButton = h('button', { type: 'button', disabled: true, text: 'Cancel' });
  /** @type {AbortController | undefined} */
  let running;
  cancelButton.addEventListener('click', () => running?.abort());
  const call = async (/** @type {Event} */ event) => {
    event.preventDefault();
    let args;
    try {
      args = form.read();
    } catch (error) {
      parts.output.replaceChildren(errorView(error));
      return;
    }
    running = new AbortController();
    callButton.disabled = true;
    cancelButton.disabled = false;
    await runCall(app, tool, args, parts, running.signal);
    running = undefined;
    callButton.disabled = false;
    cancelButton.disabled = true;
  };
  return h(
    'article',
    { class: 'view tool-view', 'aria-label': `Tool ${tool.name}` },
    toolHeader(tool),
    h(
      'form',
      { class: 'call', 'aria-label': 'Arguments', onsubmit: call, novalidate: true },
      section('Arguments', form.element),
      parts.options.element,
      h('div', { class: 'actions' }, callButton, cancelButton),
    ),
    parts.live.element,
    parts.rounds,
    parts.output,
    details('Input schema', [jsonBlock(tool.inputSchema, 'input schema')]),
    tool.outputSchema !== undefined
      ? details('Output schema', [jsonBlock(tool.outputSchema, 'output schema')], true)
      : null,
  );
}

/**
 * What a call that did not end with a result shows.
 * @param {unknown} error
 */
export function outcomeOf(error) {
  if (error instanceof RoundAbandoned)
    return h('p', { class: 'banner', text: 'Abandoned at an input request.' });
  if (error instanceof DOMException && error.name === 'AbortError')
    return h('p', {
      class: 'banner',
      text: 'Cancelled: the stream was closed, which cancels the call.',
    });
  return errorView(error);
}
