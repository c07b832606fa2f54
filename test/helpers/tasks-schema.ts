import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { McpSchemaValidator } from './mcp-schema.validator.js';

/**
 * The wire shapes of the tasks extension (SEP-2663, https://modelcontextprotocol.io/seps/2663-tasks-extension),
 * written from the specification for these tests: the extension's schema is not part of the
 * protocol revision's schema.json. The inlined tool result and input requests are checked
 * against the 2026-07-28 schema.
 */
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}';
const TASK = {
  type: 'object',
  required: ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttlMs'],
  properties: {
    taskId: { type: 'string', minLength: 1 },
    status: { enum: ['working', 'input_required', 'completed', 'failed', 'cancelled'] },
    statusMessage: { type: 'string' },
    createdAt: { type: 'string', pattern: ISO },
    lastUpdatedAt: { type: 'string', pattern: ISO },
    ttlMs: { anyOf: [{ type: 'integer', exclusiveMinimum: 0 }, { type: 'null' }] },
    pollIntervalMs: { type: 'integer', exclusiveMinimum: 0 },
    _meta: { type: 'object' },
  },
} as const;

/** What each status carries besides the task fields, and nothing else. */
const DETAILED = {
  allOf: [
    TASK,
    {
      oneOf: [
        {
          properties: { status: { enum: ['working', 'cancelled'] } },
          not: {
            anyOf: [
              { required: ['result'] },
              { required: ['error'] },
              { required: ['inputRequests'] },
            ],
          },
        },
        {
          properties: {
            status: { const: 'input_required' },
            inputRequests: { type: 'object', minProperties: 1 },
          },
          required: ['inputRequests'],
          not: { anyOf: [{ required: ['result'] }, { required: ['error'] }] },
        },
        {
          properties: { status: { const: 'completed' }, result: { type: 'object' } },
          required: ['result'],
          not: { anyOf: [{ required: ['error'] }, { required: ['inputRequests'] }] },
        },
        {
          properties: {
            status: { const: 'failed' },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'integer' }, message: { type: 'string' } },
            },
          },
          required: ['error'],
          not: { anyOf: [{ required: ['result'] }, { required: ['inputRequests'] }] },
        },
      ],
    },
  ],
} as const;

const ENVELOPE_FIELDS = ['taskId', 'status', 'result', 'error', 'inputRequests', 'requestState'];

const ajv = new Ajv2020({ strict: false, allErrors: true });
const createTask = ajv.compile({
  allOf: [TASK, { properties: { resultType: { const: 'task' } }, required: ['resultType'] }],
  not: {
    anyOf: [
      { required: ['result'] },
      { required: ['error'] },
      { required: ['inputRequests'] },
      { required: ['requestState'] },
      { required: ['task'] },
      { required: ['ttl'] },
      { required: ['pollInterval'] },
    ],
  },
});
const detailed = ajv.compile({
  allOf: [
    DETAILED,
    { properties: { resultType: { const: 'complete' } }, required: ['resultType'] },
  ],
  not: { anyOf: [{ required: ['requestState'] }] },
});
const notification = ajv.compile(DETAILED);
const core = new McpSchemaValidator();

const errorsOf = (what: string, validate: ValidateFunction): string[] =>
  (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? ''}`);

/** The inlined parts of a task: its tool result and its input requests, by the 2026-07-28 schema. */
function inlined(task: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (task.result !== undefined) {
    problems.push(...core.validate('2026-07-28', 'CallToolResult', task.result));
    const meta = (task.result as { _meta?: Record<string, unknown> })._meta;
    if (meta?.['io.modelcontextprotocol/related-task'] !== undefined)
      problems.push('result._meta carries the v1 related-task key');
  }
  for (const [key, request] of Object.entries(task.inputRequests ?? {})) {
    const method = (request as { method?: string }).method;
    const def =
      method === 'elicitation/create'
        ? 'ElicitRequest'
        : method === 'sampling/createMessage'
          ? 'CreateMessageRequest'
          : 'ListRootsRequest';
    const asRequest = { jsonrpc: '2.0', id: 0, ...(request as object) };
    problems.push(...core.validate('2026-07-28', def, asRequest).map((e) => `${key}: ${e}`));
  }
  return problems;
}

/**
 * Problems of one message of the tasks surface: a `tools/call` result (a task, or a plain
 * result with `resultType: "complete"`), a `tasks/get` result, the empty acks of `tasks/update`
 * and `tasks/cancel`, or a `notifications/tasks`.
 */
export function taskMessageProblems(method: string, message: unknown): string[] {
  const msg = message as { result?: Record<string, unknown>; params?: Record<string, unknown> };
  if (method === 'notifications/tasks') {
    const params = msg.params ?? {};
    const task = { ...params };
    delete task._meta;
    return notification(task) ? inlined(task) : errorsOf('notifications/tasks', notification);
  }
  const result = msg.result;
  if (result === undefined) return [];
  if (method === 'tools/call') {
    if (result.resultType !== 'task') {
      return result.resultType === 'complete' || result.resultType === 'input_required'
        ? core.checkServerMessage('2026-07-28', 'tools/call', message)
        : [`tools/call resultType is ${String(result.resultType)}`];
    }
    return createTask(result) ? [] : errorsOf('CreateTaskResult', createTask);
  }
  if (method === 'tasks/get') {
    return detailed(result) ? inlined(result) : errorsOf('GetTaskResult', detailed);
  }
  if (method === 'tasks/update' || method === 'tasks/cancel') {
    const extra = Object.keys(result).filter((key) => ENVELOPE_FIELDS.includes(key));
    return [
      ...(result.resultType === 'complete' ? [] : [`${method} resultType is not "complete"`]),
      ...extra.map((key) => `${method} ack carries ${key}`),
    ];
  }
  return [];
}
