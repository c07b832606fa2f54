import type { Authority, PathItem, TemplateParts, TemplateVariables } from './uri-template.type.js';

/** Binds a raw (still percent-encoded) value to a variable: `false` when it cannot. */
type Bind = (name: string, raw: string) => boolean;

/**
 * Matches a URI against compiled template parts. The URI is split once and compared from both
 * ends, so the cost is linear in its length.
 * @returns the bound variables (absent optional ones left out), or `undefined` for no match.
 * @internal
 */
export function matchTemplate(parts: TemplateParts, uri: string): TemplateVariables | undefined {
  if (typeof uri !== 'string' || uri.includes('#')) return undefined;
  const colon = uri.indexOf(':');
  if (colon !== parts.scheme.length || uri.slice(0, colon).toLowerCase() !== parts.schemeLower)
    return undefined;
  if (uri.charCodeAt(colon + 1) !== 47 || uri.charCodeAt(colon + 2) !== 47) return undefined;
  const afterScheme = colon + 3;
  const questionMark = uri.indexOf('?', afterScheme);
  const beforeQuery = questionMark === -1 ? uri.length : questionMark;
  let slash = uri.indexOf('/', afterScheme);
  if (slash === -1 || slash > beforeQuery) slash = beforeQuery;
  const bound = new Map<string, string>();
  const bind: Bind = (name, raw) => {
    const value = decode(raw);
    if (value === undefined) return false;
    const previous = bound.get(name);
    if (previous !== undefined && previous !== value) return false;
    bound.set(name, value);
    return true;
  };

  if (!matchAuthority(parts.authority, uri.slice(afterScheme, slash), bind)) return undefined;
  const pathText = uri.slice(slash, beforeQuery);
  const segments = pathText === '' ? [] : pathText.slice(1).split('/');
  if (!matchPath(parts.path, segments, bind)) return undefined;
  if (questionMark !== -1 && !matchQuery(parts.query, uri.slice(questionMark + 1), bind))
    return undefined;
  const variables: TemplateVariables = {};
  for (const [name, value] of bound) variables[name] = value;
  return variables;
}

function matchAuthority(expected: Authority, authority: string, bind: Bind): boolean {
  if (authority.includes('@') || authority.includes(':')) return false;
  switch (expected.kind) {
    case 'empty':
      return authority === '';
    case 'literal':
      return authority === expected.text;
    case 'variable':
      return authority !== '' && bind(expected.name, authority);
  }
}

/** Matches the fixed items from both ends, then binds the one variable-length item to the rest. */
function matchPath(items: readonly PathItem[], segments: string[], bind: Bind): boolean {
  const variableAt = items.findIndex(
    (item) => item.kind === 'reserved' || item.kind === 'optional' || item.kind === 'explode',
  );
  const prefix = variableAt === -1 ? items.length : variableAt;
  const suffix = variableAt === -1 ? 0 : items.length - variableAt - 1;
  const middle = segments.length - prefix - suffix;
  if (variableAt === -1 ? middle !== 0 : middle < 0) return false;
  const fixed = (item: PathItem, segment: string): boolean => {
    if (item.kind === 'literal') return segment === item.text;
    return segment !== '' && bind((item as { name: string }).name, segment);
  };
  for (let i = 0; i < prefix; i++) if (!fixed(items[i]!, segments[i]!)) return false;
  for (let i = 0; i < suffix; i++) {
    if (!fixed(items[items.length - 1 - i]!, segments[segments.length - 1 - i]!)) return false;
  }
  if (variableAt === -1) return true;
  const item = items[variableAt] as { kind: 'reserved' | 'optional' | 'explode'; name: string };
  if (item.kind === 'reserved' && middle < 1) return false;
  if (item.kind === 'optional' && middle > 1) return false;
  if (middle === 0) return true;
  for (let i = prefix; i < prefix + middle; i++) if (segments[i] === '') return false;
  return bind(item.name, segments.slice(prefix, prefix + middle).join('/'));
}

/** Matches the text after `?`: `name=value` pairs of the template's parameters, each once. */
function matchQuery(names: readonly string[], queryText: string, bind: Bind): boolean {
  if (names.length === 0) return false;
  if (queryText === '') return false;
  const seen = new Set<string>();
  for (const pair of queryText.split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return false;
    const name = pair.slice(0, equals);
    if (!names.includes(name) || seen.has(name)) return false;
    seen.add(name);
    if (!bind(name, pair.slice(equals + 1))) return false;
  }
  return true;
}

/**
 * Percent-decodes once, strictly: `%` needs two hex digits and the bytes must be valid UTF-8
 * (`decodeURIComponent` enforces both, in one native pass); `+` stays `+`.
 */
function decode(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
