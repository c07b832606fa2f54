import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { McpSchemaValidator } from './mcp-schema.validator.js';

/**
 * The wire shapes of the skills extension (SEP-2640,
 * https://modelcontextprotocol.io/seps/2640-skills-extension), written from the specification for
 * these tests: the extension's results are not part of the revision's schema.json. What the
 * schema does cover is checked against it: the JSON-RPC envelope, the caching attributes
 * (`CacheableResult`) and each `Resource` of a directory listing.
 */
const FILE = {
  type: 'object',
  required: ['uri', 'digest', 'size'],
  additionalProperties: false,
  properties: {
    uri: { type: 'string', pattern: '^skill://' },
    digest: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
    size: { type: 'integer', minimum: 0 },
  },
} as const;

const ENTRY = {
  type: 'object',
  required: ['uri', 'frontmatter', 'resources'],
  additionalProperties: false,
  properties: {
    uri: { type: 'string', pattern: '^skill://.+/SKILL\\.md$' },
    frontmatter: {
      type: 'object',
      required: ['name', 'description'],
      properties: {
        name: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 },
        description: { type: 'string', minLength: 1, maxLength: 1024 },
        metadata: { type: 'object' },
      },
    },
    resources: { type: 'array', items: FILE, minItems: 1, maxItems: 512 },
  },
} as const;

const CACHEABLE = {
  type: 'object',
  required: ['resultType', 'ttlMs', 'cacheScope', '_meta'],
  properties: {
    resultType: { const: 'complete' },
    ttlMs: { type: 'integer', minimum: 0 },
    cacheScope: { enum: ['public', 'private'] },
  },
} as const;

const ajv = new Ajv2020({ strict: false, allErrors: true });
const SHAPES: Record<string, ValidateFunction> = {
  'skills/list': ajv.compile({
    allOf: [
      CACHEABLE,
      {
        required: ['skills'],
        properties: { skills: { type: 'array', items: ENTRY }, nextCursor: { type: 'string' } },
      },
    ],
  }),
  'skills/get': ajv.compile({
    allOf: [CACHEABLE, { required: ['skill'], properties: { skill: ENTRY } }],
    not: { required: ['nextCursor'] },
  }),
  'resources/directory/read': ajv.compile({
    allOf: [
      CACHEABLE,
      {
        required: ['resources'],
        properties: { resources: { type: 'array' }, nextCursor: { type: 'string' } },
      },
    ],
  }),
};

/** The methods of the extension. */
export const SKILL_METHODS = new Set(Object.keys(SHAPES));

const core = new McpSchemaValidator();

/** Problems of one message the server sent for a method of the skills extension. */
export function skillMessageProblems(method: string, message: unknown): string[] {
  const result = (message as { result?: Record<string, unknown> }).result;
  if (result === undefined) return core.checkServerMessage('2026-07-28', method, message);
  const shape = SHAPES[method]!;
  const problems = [
    ...core.validate('2026-07-28', 'JSONRPCResultResponse', message),
    ...core.validate('2026-07-28', 'CacheableResult', result),
    ...(shape(result)
      ? []
      : (shape.errors ?? []).map((e) => `${method}${e.instancePath} ${e.message ?? ''}`)),
  ];
  if (method === 'resources/directory/read') {
    for (const resource of (result.resources as unknown[] | undefined) ?? []) {
      problems.push(...core.validate('2026-07-28', 'Resource', resource));
    }
  }
  return problems;
}
