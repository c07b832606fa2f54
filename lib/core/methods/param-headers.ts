import { argumentAt, type HeaderParam } from '../components/x-mcp-header.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { decodeHeaderValue } from '../wire/header-value.js';
import type { JsonObject } from '../wire/json-rpc.type.js';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function matches(decoded: string, value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return decoded === value;
    case 'boolean':
      return decoded === String(value);
    case 'number':
      return NUMBER.test(decoded) && Number(decoded) === value;
    default:
      return false;
  }
}

/**
 * Checks the `Mcp-Param-*` headers of a 2026-07-28 `tools/call` against its arguments: a value in
 * the body needs its header, once, well-formed (the base64 sentinel decoded strictly), and equal
 * (integers compared numerically). A null or absent argument needs no header.
 * @param read returns every value of a lower-case header name, or `undefined` when absent.
 * @returns the -32020 message, or `undefined` when the headers are right.
 * @internal
 */
export function checkParamHeaders(
  params: readonly HeaderParam[],
  args: JsonObject,
  read: (field: string) => readonly string[] | undefined,
): string | undefined {
  for (const param of params) {
    const value = argumentAt(args, param);
    if (value === undefined || value === null) continue;
    const name = `Mcp-Param-${param.header}`;
    const values = read(param.field);
    if (values === undefined || values.length === 0) return MESSAGES.HEADER_MISSING(name);
    if (values.length > 1) return MESSAGES.HEADER_REPEATED(name);
    const decoded = decodeHeaderValue(values[0]!);
    if (decoded === undefined) return MESSAGES.HEADER_MALFORMED(name);
    if (!matches(decoded, value))
      return MESSAGES.HEADER_MISMATCH(name, `the argument ${param.path.join('.')}`);
  }
  return undefined;
}
