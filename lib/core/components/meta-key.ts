const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';
const KEY = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)/)?(${NAME})$`);

/**
 * Checks a `_meta` key against the MCP key format (`[prefix/]name`, https://modelcontextprotocol.io/specification/2026-07-28/basic#meta) and refuses
 * the prefixes reserved for the protocol itself (second label `modelcontextprotocol` or `mcp`, or,
 * as 2025-06-18 put it, any such label followed by another).
 * @returns why the key is refused, or `undefined` when it is fine.
 * @internal
 */
export function checkMetaKey(key: string): string | undefined {
  const match = KEY.exec(key);
  if (match === null) {
    return `"${key}" is not a valid _meta key ([prefix/]name, with a dot-separated prefix such as com.example/)`;
  }
  const labels = match[1]?.split('.') ?? [];
  const reservedModern = labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp';
  const reservedJune = labels.some(
    (label, i) => (label === 'modelcontextprotocol' || label === 'mcp') && i < labels.length - 1,
  );
  if (reservedModern || reservedJune)
    return `"${key}" uses a prefix reserved for the MCP specification`;
  return undefined;
}
