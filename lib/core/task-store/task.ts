import { Buffer } from 'node:buffer';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { InputRequest } from '../components/input-required.js';
import type { ProtocolVersion } from '../wire/protocol-version.js';

/** The id of the tasks extension (SEP-2663). @publicApi */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * The methods of the tasks extension, each naming its task in `params.taskId` (the `Mcp-Name`
 * header over Streamable HTTP).
 * @publicApi
 */
export const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'] as const;

/** A method of the tasks extension. @publicApi */
export type TaskMethod = (typeof TASK_METHODS)[number];

/** Where a task is. `completed`, `failed` and `cancelled` are terminal: the task never changes again. @publicApi */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether a status is terminal. @publicApi */
export const isTerminal = (status: TaskStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * A task as `tasks/get` shows it (the `DetailedTask` of SEP-2663): `inputRequests` while it waits
 * for input, `result` once completed (tool errors included, with `isError`), `error` once failed.
 * @publicApi
 */
export interface TaskView {
  /** The task's id, random and unguessable: the client names the task with it. */
  readonly taskId: string;
  /** Where the task is now. */
  readonly status: TaskStatus;
  /**
   * What the task last said of itself: while `working`, the latest progress or log message of its
   * handler (at most 500 characters); once `failed`, the error's message.
   */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** How long the task is kept after its creation, in milliseconds. */
  readonly ttlMs: number;
  /** How long the client should wait between two `tasks/get`, in milliseconds. */
  readonly pollIntervalMs: number;
  /** While `input_required`: the requests to answer with `tasks/update`, by key. */
  readonly inputRequests?: Readonly<Record<string, InputRequest>>;
  /** Once `completed`: the tool's result, as the call would have returned it. */
  readonly result?: JsonObject;
  /** Once `failed`: the JSON-RPC error the call would have been answered with. */
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/**
 * A task as a {@link TaskStore} keeps it: what `tasks/get` shows, plus what running it again needs
 * (the tool, its arguments, the client's capabilities and the answers so far), who owns it, and a
 * version that every change increments (changes are compare-and-set on it).
 * @publicApi
 */
export interface TaskRecord extends TaskView {
  /** Increments on every change. */
  readonly version: number;
  /** Epoch milliseconds after which the task is gone. */
  readonly expiresAt: number;
  /** The caller that created it (see `Exchange.caller`); only it may read, feed or cancel it. */
  readonly owner?: string;
  /**
   * The client it counts against for `tasks.maxTasksPerClient` (see `Exchange.client`): the
   * verified caller, or the address the request came from.
   */
  readonly client?: string;
  /** The name of the tool the task runs. */
  readonly tool: string;
  /** The arguments of the call, as the client sent them. */
  readonly arguments: JsonObject;
  /** The revision of the call that created the task; its result is encoded for it. */
  readonly protocolVersion: ProtocolVersion;
  /** The capabilities the client declared with the call, for the input requests of a run. */
  readonly clientCapabilities: JsonObject;
  /** Answers to input requests so far, by key (the rounds before the task included). */
  readonly answers: JsonObject;
}

const VIEW_FIELDS = [
  'taskId',
  'status',
  'statusMessage',
  'createdAt',
  'lastUpdatedAt',
  'ttlMs',
  'pollIntervalMs',
  'inputRequests',
  'result',
  'error',
] as const;

/** What the client sees of a record: the task fields only. @internal */
export function viewOf(record: TaskRecord): JsonObject {
  const view: JsonObject = {};
  for (const field of VIEW_FIELDS) {
    if (record[field] !== undefined) view[field] = record[field];
  }
  return view;
}

/** The bytes of a value's JSON (UTF-8): what task stores and the result bound count. @internal */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
