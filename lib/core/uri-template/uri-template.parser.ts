import { TemplateShapeError } from './template-shape.error.js';
import { tokenize, type Expression, type Token } from './uri-template.tokenizer.js';
import type { Authority, PathItem, Refuse, TemplateParts } from './uri-template.type.js';

/** The largest template accepted, in UTF-8 bytes. @publicApi */
export const MAX_TEMPLATE_BYTES = 1024;
/** The most variables a template may hold. @publicApi */
export const MAX_TEMPLATE_VARIABLES = 32;

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const MIXED_SEGMENT =
  'a path segment that holds literal text and an expression, or two expressions';
const encoder = new TextEncoder();

type QueryToken = { kind: 'expression'; expression: Expression };

/**
 * Parses a template into the parts the matcher and the expander read, refusing every shape
 * outside the subset (the first refusal met wins).
 * @throws {TemplateShapeError} naming the refused shape.
 * @internal
 */
export function parseTemplate(template: string): TemplateParts {
  const refuse: Refuse = (shape) => {
    throw new TemplateShapeError(template, shape);
  };
  const scheme = readScheme(template, refuse);
  const tokens = tokenize(template.slice(scheme.length + 3), refuse);
  const variables = collectVariables(tokens, refuse);
  const { body, query } = splitQuery(tokens, refuse);
  const { authorityTokens, rest } = splitAuthority(body);
  const authority = parseAuthority(authorityTokens, refuse);
  if (authority.kind === 'empty' && rest.length > 0 && rest[0]!.kind !== 'text') {
    refuse('an authority that is not one literal or one {var}');
  }
  const path = parsePath(rest, refuse);
  const variableLength = path.filter(
    (item) => item.kind === 'reserved' || item.kind === 'optional' || item.kind === 'explode',
  );
  if (variableLength.length > 1)
    refuse('more than one variable-length path expression ({+var}, {/var} or {/var*})');
  return Object.freeze({
    scheme,
    schemeLower: scheme.toLowerCase(),
    authority,
    path,
    query,
    variables,
  });
}

/** Checks the template's size and returns its scheme (without `://`). */
function readScheme(template: string, refuse: Refuse): string {
  if (typeof template !== 'string' || template.length === 0) refuse('an empty template');
  if (encoder.encode(template).length > MAX_TEMPLATE_BYTES)
    refuse(`more than ${MAX_TEMPLATE_BYTES.toLocaleString('en-US')} bytes`);
  const scheme = SCHEME.exec(template);
  if (scheme === null) {
    const colon = template.indexOf(':');
    const brace = template.indexOf('{');
    return refuse(
      brace !== -1 && (colon === -1 || brace < colon)
        ? 'an expression in the scheme'
        : 'no "scheme://" at the start',
    );
  }
  return scheme[1]!;
}

/** The variable names, in template order, each once; refuses more than the limit (repeats count). */
function collectVariables(tokens: readonly Token[], refuse: Refuse): string[] {
  const names: string[] = [];
  let count = 0;
  for (const token of tokens) {
    if (token.kind !== 'expression') continue;
    count += token.expression.names.length;
    for (const name of token.expression.names) if (!names.includes(name)) names.push(name);
  }
  if (count > MAX_TEMPLATE_VARIABLES) refuse(`more than ${MAX_TEMPLATE_VARIABLES} variables`);
  return names;
}

const isQueryToken = (token: Token): token is QueryToken =>
  token.kind === 'expression' &&
  (token.expression.operator === '?' || token.expression.operator === '&');

/** Query expressions close the template: {?a,b} then optional {&c}. */
function splitQuery(tokens: readonly Token[], refuse: Refuse): { body: Token[]; query: string[] } {
  let end = tokens.length;
  while (end > 0 && isQueryToken(tokens[end - 1]!)) end--;
  const queryTokens = tokens.slice(end) as QueryToken[];
  const body = tokens.slice(0, end);
  for (const token of body) {
    if (isQueryToken(token)) refuse('a query expression that is not at the end of the template');
    if (token.kind === 'text' && token.text.includes('?')) refuse('a literal query string');
  }
  const query: string[] = [];
  queryTokens.forEach(({ expression }, i) => {
    if (i === 0 && expression.operator !== '?')
      refuse('a {&var} expression without a {?var} before it');
    if (i > 0 && expression.operator === '?') refuse('two {?var} expressions');
    for (const name of expression.names) {
      if (query.includes(name)) refuse(`the query parameter "${name}" twice`);
      query.push(name);
    }
  });
  return { body, query };
}

/** The authority runs up to the first "/" of a literal or the first path expression. */
function splitAuthority(body: readonly Token[]): { authorityTokens: Token[]; rest: Token[] } {
  const authorityTokens: Token[] = [];
  for (let index = 0; index < body.length; index++) {
    const token = body[index]!;
    if (token.kind === 'text') {
      const slash = token.text.indexOf('/');
      if (slash !== -1) {
        if (slash > 0) authorityTokens.push({ kind: 'text', text: token.text.slice(0, slash) });
        const rest: Token[] = [{ kind: 'text', text: token.text.slice(slash) }];
        return { authorityTokens, rest: [...rest, ...body.slice(index + 1)] };
      }
      authorityTokens.push(token);
    } else if (token.expression.operator === '/' || token.expression.operator === '+') {
      return { authorityTokens, rest: body.slice(index) };
    } else {
      authorityTokens.push(token);
    }
  }
  return { authorityTokens, rest: [] };
}

function parseAuthority(tokens: Token[], refuse: Refuse): Authority {
  const only = tokens[0];
  if (only === undefined) return { kind: 'empty' };
  if (tokens.length === 1 && only.kind === 'text') {
    if (only.text.includes('@') || only.text.includes(':'))
      refuse('an authority with userinfo or a port');
    return { kind: 'literal', text: only.text };
  }
  if (tokens.length === 1 && only.kind === 'expression' && only.expression.operator === '') {
    return { kind: 'variable', name: only.expression.names[0]! };
  }
  return refuse('an authority that is not one literal or one {var}');
}

function parsePath(tokens: Token[], refuse: Refuse): PathItem[] {
  const items: PathItem[] = [];
  let open = false;
  let parts: Token[] = [];
  const close = (): void => {
    if (!open) return;
    open = false;
    items.push(segmentItem(parts, refuse));
    parts = [];
  };
  let afterSlashExpression = false;
  for (const token of tokens) {
    if (token.kind === 'text') {
      for (const piece of token.text.split(/(\/)/)) {
        if (piece === '') continue;
        if (piece === '/') {
          close();
          open = true;
          afterSlashExpression = false;
        } else {
          if (afterSlashExpression || !open) refuse(MIXED_SEGMENT);
          const last = parts[parts.length - 1];
          if (last?.kind === 'text')
            parts[parts.length - 1] = { kind: 'text', text: last.text + piece };
          else parts.push({ kind: 'text', text: piece });
        }
      }
      continue;
    }
    const { operator, names } = token.expression;
    if (operator === '/' || operator === '/*') {
      close();
      items.push({ kind: operator === '/' ? 'optional' : 'explode', name: names[0]! });
      afterSlashExpression = true;
    } else {
      if (afterSlashExpression || !open) refuse(MIXED_SEGMENT);
      parts.push(token);
    }
  }
  close();
  return items;
}

/** The item of one segment between slashes: a literal, one `{var}` or one `{+var}`. */
function segmentItem(parts: readonly Token[], refuse: Refuse): PathItem {
  const part = parts[0];
  if (part === undefined) return { kind: 'literal', text: '' };
  if (parts.length === 1 && part.kind === 'text') return { kind: 'literal', text: part.text };
  if (parts.length === 1 && part.kind === 'expression' && part.expression.operator === '') {
    return { kind: 'segment', name: part.expression.names[0]! };
  }
  if (parts.length === 1 && part.kind === 'expression' && part.expression.operator === '+') {
    return { kind: 'reserved', name: part.expression.names[0]! };
  }
  return refuse(MIXED_SEGMENT);
}
