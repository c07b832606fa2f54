import { randomBytes } from 'node:crypto';
import type { CallContext } from '../components/call-context.interface.js';
import { detached, follow, taskContext } from './task-context.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError, isSnodoError } from '../errors/snodo.error.js';
import { createCallContext } from '../methods/call-context.factory.js';
import { isInputRequired } from '../components/input-required.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ClientState, MethodCall } from '../methods/method-descriptor.js';
import { REVISIONS } from '../wire/protocol-version.js';
import { encodeToolResult } from '../results/content.encoder.js';
import type { CallToolResult } from '../results/content.type.js';
import type { DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { NotificationHub } from '../notifications/notification-hub.js';
import { isTerminal, viewOf, type TaskRecord } from '../task-store/task.js';
import { boundedError, boundedResult, tasksBusy, tasksRefused } from './task-bounds.js';
import {
  TaskLimitError,
  type TaskQuota,
  type TaskStore,
} from '../task-store/task-store.interface.js';
import type { ResolvedTasksOptions } from '../task-store/tasks-options.js';

/** What a change of a stored task gave: the record as it now stands, and whether it changed. */
interface Transition {
  readonly record: TaskRecord;
  readonly changed: boolean;
}

/** The longest status message a task keeps (progress and log messages are cut to it). */
const STATUS_MESSAGE_MAX = 500;

/** Compare-and-set attempts before a change gives up (other writers kept winning). */
const ATTEMPTS = 8;

/** The client of an exchange that names neither a client nor a caller: they share one quota. */
const ANONYMOUS = 'anonymous';

/**
 * Runs tools as tasks and keeps them in a {@link TaskStore}: creates a task when a call becomes
 * one, settles it when the tool ends (completed, failed, or waiting for input), feeds it the
 * answers of `tasks/update` (running the tool again with them, on whichever instance got the
 * update), and cancels it. Every change is a compare-and-set on the stored record, so that
 * instances sharing a store never overwrite each other, and a terminal task never changes.
 * @internal
 */
export class TaskManager {
  /** Abort controllers of the tasks running in this process. */
  private readonly running = new Map<string, AbortController>();
  /** What the store checks as it creates a task, made once. */
  private readonly quota: TaskQuota;

  constructor(
    readonly options: ResolvedTasksOptions,
    readonly store: TaskStore,
    /** Whether other processes share the store (then cancellation is watched for). */
    private readonly shared: boolean,
    private readonly report: (error: unknown) => void,
  ) {
    this.quota = Object.freeze({
      maxTasksPerClient: options.maxTasksPerClient,
      maxResultBytes: options.maxResultBytes,
    });
  }

  /** How many tasks run in this process now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** The task, if it exists and the caller owns it. */
  async find(taskId: string, caller: string | undefined): Promise<TaskRecord | undefined> {
    const record = await this.store.get(taskId);
    return record === undefined || record.owner !== caller ? undefined : record;
  }

  /**
   * A task-capable `tools/call` of a client that declared the extension: the tool runs with a
   * context whose `startTask()` creates the task. Resolves with the task when the call became one
   * (the tool goes on in the background), or with the tool's outcome when it ended first; rejects
   * with what the tool threw before becoming a task (an `input_required` round).
   */
  async callTool(
    call: MethodCall,
    name: string,
    run: (context: CallContext) => Promise<DispatchOutcome<CallToolResult>>,
  ): Promise<
    { readonly task: TaskRecord } | { readonly outcome: DispatchOutcome<CallToolResult> }
  > {
    const controller = new AbortController();
    const detach = follow(controller, call.exchange.signal);
    const pending: { task?: TaskRecord } = {};
    let creating: Promise<void> | undefined;
    let created!: (record: TaskRecord) => void;
    const becameTask = new Promise<TaskRecord>((resolve) => (created = resolve));
    const startTask = (): Promise<void> =>
      (creating ??= this.create(call, name).then((record) => {
        detach();
        pending.task = record;
        this.running.set(record.taskId, controller);
        created(record);
      }));
    const { hub } = call;
    const status = this.statusWriter(() => pending.task, hub);
    const context = taskContext(call.context(), controller.signal, startTask, () =>
      pending.task === undefined ? undefined : status,
    );
    const running = run(context);
    const first = await Promise.race([
      running.then((outcome) => ({ outcome })),
      becameTask.then((task) => ({ task })),
    ]);
    if ('task' in first) this.watch(first.task, running, controller, hub);
    else detach();
    return first;
  }

  /**
   * `tasks/update`: takes the answers to outstanding input requests (others are ignored) before
   * it returns, and once none is outstanding runs the tool again with every answer so far.
   */
  async feed(record: TaskRecord, responses: JsonObject, call: MethodCall): Promise<void> {
    const outcome = await this.transition(record.taskId, call.hub, (current) => {
      const outstanding = current.inputRequests;
      if (current.status !== 'input_required' || outstanding === undefined) return undefined;
      const left = { ...outstanding };
      const answers = { ...current.answers };
      let taken = false;
      for (const [key, answer] of Object.entries(responses)) {
        if (!(key in left) || typeof answer !== 'object' || answer === null) continue;
        answers[key] = answer;
        delete left[key];
        taken = true;
      }
      if (!taken) return undefined;
      const waiting = Object.keys(left).length > 0;
      return {
        ...current,
        answers,
        status: waiting ? 'input_required' : 'working',
        inputRequests: waiting ? left : undefined,
      };
    });
    if (outcome?.changed === true && outcome.record.status === 'working') {
      this.resume(outcome.record, call);
    }
  }

  /**
   * `tasks/cancel`: a task not yet terminal becomes `cancelled`, and its run is aborted. Its owner
   * has nothing left to read of it, so it may make room as a read task does.
   */
  async cancel(taskId: string, hub: NotificationHub | undefined): Promise<void> {
    const outcome = await this.transition(taskId, hub, (current) => ({
      ...current,
      status: 'cancelled',
      inputRequests: undefined,
      statusMessage: undefined,
    }));
    this.running.get(taskId)?.abort(new Error(MESSAGES.TASK_CANCELLED));
    if (outcome?.changed === true) this.fetched(outcome.record);
  }

  /**
   * `tasks/get` answered with a terminal task: its owner has read it, so the store may let it go
   * to make room before refusing anyone. Not awaited: the answer does not wait for the store.
   */
  fetched(record: TaskRecord): void {
    const { store } = this;
    if (store.markFetched === undefined || !isTerminal(record.status)) return;
    try {
      void Promise.resolve(store.markFetched(record)).catch(this.report);
    } catch (error) {
      this.report(error);
    }
  }

  /** A new task for a call, stored before the client hears of it. */
  private async create(call: MethodCall, name: string): Promise<TaskRecord> {
    const { options } = this;
    if (this.running.size >= options.maxRunning) throw tasksBusy(options);
    const { exchange } = call;
    const now = Date.now();
    const at = new Date(now).toISOString();
    const args = call.params.arguments;
    const record: TaskRecord = {
      taskId: randomBytes(16).toString('base64url'),
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: options.ttlMs,
      pollIntervalMs: options.pollIntervalMs,
      version: 1,
      expiresAt: now + options.ttlMs,
      ...(exchange.caller === undefined ? {} : { owner: exchange.caller }),
      client: exchange.client ?? exchange.caller ?? ANONYMOUS,
      tool: name,
      arguments: isJsonObject(args) ? args : {},
      protocolVersion: call.client.version,
      clientCapabilities: call.client.clientCapabilities,
      answers: call.client.answers ?? {},
    };
    try {
      await this.store.create(record, this.quota);
    } catch (error) {
      if (error instanceof TaskLimitError) throw tasksRefused(error, options);
      throw error;
    }
    return record;
  }

  /** Runs the tool of a task again, with every answer so far (after `tasks/update`). */
  private resume(record: TaskRecord, call: MethodCall): void {
    const controller = new AbortController();
    if (this.running.size >= this.options.maxRunning) {
      const busy = SnodoError.invalidRequest(MESSAGES.TASKS_BUSY(this.options.maxRunning));
      void this.settle(record.taskId, { ok: false, error: busy }, call.hub).catch(this.report);
      return;
    }
    this.running.set(record.taskId, controller);
    const client: ClientState = {
      version: record.protocolVersion,
      clientInfo: call.client.clientInfo,
      clientCapabilities: record.clientCapabilities,
      meta: {},
      answers: record.answers,
    };
    const exchange = detached(call.exchange);
    const base = createCallContext('tools/call', client, exchange);
    const status = this.statusWriter(() => record, call.hub);
    const context = taskContext(
      base,
      controller.signal,
      () => Promise.resolve(),
      () => status,
    );
    const { router, dispatchOptions } = call.runtime;
    const running = router.callTool(
      record.tool,
      { name: record.tool, arguments: record.arguments },
      context,
      dispatchOptions,
    );
    this.watch(record, running, controller, call.hub);
  }

  /** Writes status messages of a running task, the latest one winning, one write at a time. */
  private statusWriter(
    task: () => TaskRecord | undefined,
    hub: NotificationHub | undefined,
  ): (message: string) => void {
    let latest: string | undefined;
    let writing = false;
    return (message) => {
      latest = message.slice(0, STATUS_MESSAGE_MAX);
      const record = task();
      if (writing || record === undefined) return;
      writing = true;
      void (async () => {
        let written: string | undefined;
        while (latest !== written) {
          written = latest;
          await this.transition(record.taskId, hub, (current) =>
            current.status === 'working' ? { ...current, statusMessage: written } : undefined,
          );
        }
      })()
        .catch(this.report)
        .finally(() => (writing = false));
    };
  }

  /**
   * Settles a task when its run ends, and meanwhile, with a shared store, watches for a
   * cancellation made on another instance.
   */
  private watch(
    record: TaskRecord,
    running: Promise<DispatchOutcome<CallToolResult>>,
    controller: AbortController,
    hub: NotificationHub | undefined,
  ): void {
    const { taskId } = record;
    const timer = this.shared
      ? setInterval(() => {
          void Promise.resolve(this.store.get(taskId)).then(
            (stored) => {
              if (stored === undefined || stored.status === 'cancelled') controller.abort();
            },
            () => undefined,
          );
        }, this.options.pollIntervalMs)
      : undefined;
    timer?.unref();
    running
      .then(
        (outcome) => this.settle(taskId, outcome, hub),
        (thrown: unknown) => {
          if (isInputRequired(thrown)) {
            return this.transition(taskId, hub, (current) => ({
              ...current,
              status: 'input_required',
              inputRequests: { ...thrown.requests },
              statusMessage: undefined,
            }));
          }
          if (isSnodoError(thrown)) return this.settle(taskId, { ok: false, error: thrown }, hub);
          this.report(thrown);
          const error = SnodoError.internal(MESSAGES.TASK_FAILED);
          return this.settle(taskId, { ok: false, error }, hub);
        },
      )
      .catch(this.report)
      .finally(() => {
        if (timer !== undefined) clearInterval(timer);
        if (this.running.get(taskId) === controller) this.running.delete(taskId);
      });
  }

  /**
   * The end of a run: `completed` with the tool's result (tool errors too), or `failed`; a result
   * or error larger than `maxResultBytes` is replaced, before it is stored, by one that says so.
   */
  private settle(
    taskId: string,
    outcome: DispatchOutcome<CallToolResult>,
    hub: NotificationHub | undefined,
  ): Promise<Transition | undefined> {
    const max = this.options.maxResultBytes;
    if (!outcome.ok) {
      const error = boundedError(outcome.error.toJSON(), max);
      return this.transition(taskId, hub, (current) => ({
        ...current,
        status: 'failed',
        statusMessage: error.message,
        error,
      }));
    }
    const { value } = outcome;
    let result: JsonObject | undefined;
    return this.transition(taskId, hub, (current) => {
      // What the call would have returned: a 2026-07-28 result, with its resultType.
      result ??= boundedResult(
        { resultType: 'complete', ...encodeToolResult(value, REVISIONS[current.protocolVersion]) },
        max,
      );
      return { ...current, status: 'completed', statusMessage: undefined, result };
    });
  }

  /**
   * Changes a stored task that is not terminal: compare-and-set on its version, again when
   * another writer came first.
   * @returns `undefined` when the task is gone or terminal.
   */
  private async transition(
    taskId: string,
    hub: NotificationHub | undefined,
    change: (current: TaskRecord) => TaskRecord | undefined,
  ): Promise<Transition | undefined> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await this.store.get(taskId);
      if (current === undefined || isTerminal(current.status)) return undefined;
      const next = change(current);
      if (next === undefined) return { record: current, changed: false };
      const stamped: TaskRecord = {
        ...next,
        version: current.version + 1,
        lastUpdatedAt: new Date().toISOString(),
      };
      if (await this.store.replace(stamped, current.version)) {
        this.announce(stamped, hub);
        return { record: stamped, changed: true };
      }
    }
    return undefined;
  }

  /** Tells the listen streams that asked for the task (on every instance, through the bus). */
  private announce(record: TaskRecord, hub: NotificationHub | undefined): void {
    if (hub === undefined) return;
    const view = viewOf(record) as JsonObject & { readonly taskId: string };
    hub.taskChanged(view).catch(this.report);
  }
}
