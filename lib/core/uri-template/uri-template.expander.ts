import type { TemplateParts, TemplateVariables } from './uri-template.type.js';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Builds a URI from compiled template parts and values: each segment is percent-encoded, and `/`
 * separates the segments of `{+var}` and `{/var*}`.
 * @throws {Error} when a required value is missing.
 * @internal
 */
export function expandTemplate(parts: TemplateParts, values: TemplateVariables): string {
  const required = (name: string): string => {
    const value = values[name];
    if (value === undefined) throw new Error(MESSAGES.EXPAND_NEEDS_VALUE(name));
    return value;
  };
  const segments = (value: string): string => value.split('/').map(encode).join('/');
  let uri = `${parts.scheme}://`;
  if (parts.authority.kind === 'literal') uri += parts.authority.text;
  if (parts.authority.kind === 'variable') uri += encode(required(parts.authority.name));
  for (const item of parts.path) {
    switch (item.kind) {
      case 'literal':
        uri += `/${item.text}`;
        break;
      case 'segment':
        uri += `/${encode(required(item.name))}`;
        break;
      case 'reserved':
        uri += `/${segments(required(item.name))}`;
        break;
      case 'optional':
        if (values[item.name] !== undefined) uri += `/${encode(values[item.name]!)}`;
        break;
      case 'explode':
        if (values[item.name] !== undefined) uri += `/${segments(values[item.name]!)}`;
    }
  }
  const pairs = parts.query
    .filter((name) => values[name] !== undefined)
    .map((name) => `${name}=${encode(values[name]!)}`);
  return pairs.length === 0 ? uri : `${uri}?${pairs.join('&')}`;
}

/** Encodes everything but RFC 3986 unreserved characters. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
