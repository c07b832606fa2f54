import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The revisions whose official schemas live in test/schemas/. */
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';
export const REVISIONS: readonly Revision[] = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
];

/** The revisions whose schemas are JSON Schema draft-07, with `definitions` (the later ones are 2020-12). */
const isDraft07 = (revision: Revision): boolean => revision < '2025-11-25';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

/** The result definition of each method the server answers. */
const RESULT_DEFS: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'logging/setLevel': 'EmptyResult',
};

/** The definition of each notification the server sends. */
const NOTIFICATION_DEFS: Record<string, string> = {
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
};

/** The definition of each content block type. */
const CONTENT_DEFS: Record<string, string> = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource: 'EmbeddedResource',
  resource_link: 'ResourceLink',
};

/** Fields the 2026-07-28 revision added to results: they must not reach initialize-era clients. */
const MODERN_RESULT_FIELDS = ['resultType', 'ttlMs', 'cacheScope'];
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

interface SchemaFile {
  defs: Record<string, { properties?: Record<string, unknown>; $ref?: string }>;
  ajv: Ajv;
  id: string;
  defsKey: string;
}

function load(revision: Revision): SchemaFile {
  const url = new URL(`../schemas/${revision}/schema.json`, import.meta.url);
  const schema = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
  const legacyDraft = isDraft07(revision);
  const ajv = legacyDraft
    ? new Ajv({ strict: false, allErrors: true })
    : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('uri-template', true);
  ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/);
  const id = `mcp-${revision}`;
  const rest = { ...schema };
  delete rest.$schema;
  ajv.addSchema({ ...rest, $id: id }, id);
  const defsKey = legacyDraft ? 'definitions' : '$defs';
  return { defs: schema[defsKey] as SchemaFile['defs'], ajv, id, defsKey };
}

/**
 * Validates what the server sends against the official schema of the revision in use, and finds
 * fields of another revision that leaked in (the 2025 schemas are open, so validation alone
 * would not catch them).
 */
export class McpSchemaValidator {
  private readonly files = new Map<Revision, SchemaFile>();
  private readonly compiled = new Map<string, ValidateFunction>();

  private file(revision: Revision): SchemaFile {
    let file = this.files.get(revision);
    if (file === undefined) {
      file = load(revision);
      this.files.set(revision, file);
    }
    return file;
  }

  private validator(revision: Revision, def: string): ValidateFunction {
    const key = `${revision}#${def}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      const file = this.file(revision);
      if (file.defs[def] === undefined) throw new Error(`${revision} has no definition ${def}`);
      validate = file.ajv.compile({ $ref: `${file.id}#/${file.defsKey}/${def}` });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Whether the revision's schema has a definition of this name. */
  has(revision: Revision, def: string): boolean {
    return this.file(revision).defs[def] !== undefined;
  }

  /** Validates a value against one definition; returns readable errors (empty when valid). */
  validate(revision: Revision, def: string, value: unknown): string[] {
    const validate = this.validator(revision, def);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${def}${e.instancePath} ${e.message ?? ''}`);
  }

  /**
   * Checks one server message (a response to `method`, or a notification) against the revision:
   * the JSON-RPC envelope, the result type of the method, and foreign fields.
   */
  checkServerMessage(revision: Revision, method: string | undefined, message: unknown): string[] {
    const msg = message as { result?: Record<string, unknown>; error?: unknown; method?: string };
    if (msg.error !== undefined) {
      if (!isDraft07(revision)) return this.validate(revision, 'JSONRPCErrorResponse', message);
      // The schemas up to 2025-06-18 require an id even on errors that answer no readable request
      // (a GET, a body that is not JSON); later revisions made it optional. Check all but the id.
      const withId = 'id' in (message as object) ? message : { ...(message as object), id: 0 };
      return this.validate(revision, 'JSONRPCError', withId);
    }
    if (msg.result === undefined) {
      const def = msg.method === undefined ? undefined : NOTIFICATION_DEFS[msg.method];
      if (def === undefined || !this.has(revision, def)) {
        return [`${String(msg.method)} is not a ${revision} notification`];
      }
      return [
        ...this.validate(revision, 'JSONRPCNotification', message),
        ...this.validate(revision, def, message),
        ...this.foreignParams(revision, def, (message as { params?: object }).params),
      ];
    }
    const errors: string[] = [];
    const inputRequired = (msg.result as { resultType?: unknown }).resultType === 'input_required';
    const resultDef =
      method === undefined
        ? undefined
        : inputRequired
          ? 'InputRequiredResult'
          : RESULT_DEFS[method];
    const responseDef =
      method === undefined || RESULT_DEFS[method] === undefined
        ? undefined
        : `${RESULT_DEFS[method]}Response`;
    if (revision === '2026-07-28' && responseDef !== undefined && this.has(revision, responseDef)) {
      errors.push(...this.validate(revision, responseDef, message));
    } else {
      const envelope = isDraft07(revision) ? 'JSONRPCResponse' : 'JSONRPCResultResponse';
      errors.push(...this.validate(revision, envelope, message));
    }
    if (resultDef === undefined) {
      errors.push(`no result definition is known for method ${String(method)}`);
      return errors;
    }
    errors.push(...this.validate(revision, resultDef, msg.result));
    errors.push(...this.foreignFields(revision, resultDef, msg.result));
    return errors;
  }

  /** Fields that the revision does not define, on a result and on the tools it lists. */
  foreignFields(revision: Revision, resultDef: string, result: Record<string, unknown>): string[] {
    const found: string[] = [];
    const check = (def: string, value: unknown, where: string, also: string[] = []): void => {
      const allowed = this.propertiesOf(revision, def);
      if (allowed === undefined || typeof value !== 'object' || value === null) return;
      for (const key of Object.keys(value)) {
        if (!allowed.has(key) && !also.includes(key))
          found.push(`${where}.${key} is not a ${revision} field of ${def}`);
      }
    };
    check(resultDef, result, 'result');
    if (Array.isArray(result.tools)) {
      result.tools.forEach((tool, i) => check('Tool', tool, `result.tools[${i}]`));
    }
    if (Array.isArray(result.prompts)) {
      result.prompts.forEach((prompt: { arguments?: unknown[] }, i) => {
        check('Prompt', prompt, `result.prompts[${i}]`);
        prompt.arguments?.forEach((argument, j) =>
          check('PromptArgument', argument, `result.prompts[${i}].arguments[${j}]`),
        );
      });
    }
    if (Array.isArray(result.resources)) {
      result.resources.forEach((resource, i) =>
        check('Resource', resource, `result.resources[${i}]`),
      );
    }
    if (Array.isArray(result.resourceTemplates)) {
      result.resourceTemplates.forEach((template, i) =>
        check('ResourceTemplate', template, `result.resourceTemplates[${i}]`),
      );
    }
    if (resultDef === 'InitializeResult') {
      check('Implementation', result.serverInfo, 'result.serverInfo');
      check('ServerCapabilities', result.capabilities, 'result.capabilities');
    }
    const blocks: [unknown, string][] = [];
    if (Array.isArray(result.content)) {
      result.content.forEach((block, i) => blocks.push([block, `result.content[${i}]`]));
    }
    if (Array.isArray(result.messages)) {
      result.messages.forEach((message: { content?: unknown }, i) =>
        blocks.push([message.content, `result.messages[${i}].content`]),
      );
    }
    for (const [block, where] of blocks) {
      const def = CONTENT_DEFS[(block as { type?: string } | undefined)?.type ?? ''];
      if (def !== undefined) check(def, block, where);
    }
    if (Array.isArray(result.contents)) {
      result.contents.forEach((content, i) =>
        check('ResourceContents', content, `result.contents[${i}]`, ['text', 'blob']),
      );
    }
    if (revision !== '2026-07-28') {
      for (const field of MODERN_RESULT_FIELDS) {
        if (field in result) found.push(`result.${field} leaked into a ${revision} result`);
      }
      const meta = result._meta as Record<string, unknown> | undefined;
      if (meta !== undefined && SERVER_INFO_META in meta) {
        found.push(`result._meta["${SERVER_INFO_META}"] leaked into a ${revision} result`);
      }
    }
    return found;
  }

  /** Fields of a notification's params that the revision does not define. */
  private foreignParams(revision: Revision, def: string, params: object | undefined): string[] {
    const schema = this.file(revision).defs[def]?.properties?.params as
      { properties?: Record<string, unknown> } | undefined;
    const allowed = schema?.properties;
    if (allowed === undefined || params === undefined) return [];
    return Object.keys(params)
      .filter((key) => !(key in allowed))
      .map((key) => `params.${key} is not a ${revision} field of ${def}`);
  }

  private propertiesOf(revision: Revision, def: string): Set<string> | undefined {
    const defs = this.file(revision).defs;
    let entry = defs[def];
    while (entry?.$ref !== undefined) entry = defs[entry.$ref.split('/').pop()!];
    return entry?.properties === undefined ? undefined : new Set(Object.keys(entry.properties));
  }
}
