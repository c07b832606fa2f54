/**
 * The RFC 6570 subset that can be matched without ambiguity (seed "Template shapes"):
 * `{var}`, `{+var}`, `{/var}`, `{/var*}`, `{?a,b}` and `{&x}`, with at most one variable-length
 * path expression. Matching splits the URI once and compares from both ends, so its cost is
 * linear in the URI length: no regular expression is built from the template or the URI.
 */

/** The largest template accepted, in UTF-8 bytes. @publicApi */
export const MAX_TEMPLATE_BYTES = 1024;
/** The most variables a template may hold. @publicApi */
export const MAX_TEMPLATE_VARIABLES = 32;

/** Values bound by a match, by variable name. @publicApi */
export type TemplateVariables = Record<string, string>;

type PathItem =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'segment'; readonly name: string }
  | { readonly kind: 'reserved'; readonly name: string }
  | { readonly kind: 'optional'; readonly name: string }
  | { readonly kind: 'explode'; readonly name: string };

type Authority =
  | { readonly kind: 'empty' }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'variable'; readonly name: string };

interface Expression {
  readonly operator: string;
  readonly names: readonly string[];
  readonly source: string;
}

type Token =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'expression'; readonly expression: Expression };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const VARIABLE_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;
const encoder = new TextEncoder();

/** Why a template was refused: the shape, named as the seed names it. @publicApi */
export class TemplateShapeError extends Error {
  constructor(
    readonly template: string,
    readonly shape: string,
  ) {
    super(
      `URI template "${template}" uses ${shape}, which the matcher does not support; implement matches(uri) to serve it`,
    );
    this.name = 'TemplateShapeError';
  }
}

/**
 * A compiled URI template.
 * @publicApi
 */
export class UriTemplate {
  /** The variable names, in template order, each once. */
  readonly variables: readonly string[];
  private readonly schemeLower: string;

  private constructor(
    readonly template: string,
    private readonly scheme: string,
    private readonly authority: Authority,
    private readonly path: readonly PathItem[],
    private readonly query: readonly string[],
    variables: readonly string[],
  ) {
    this.schemeLower = scheme.toLowerCase();
    this.variables = variables;
    Object.freeze(this);
  }

  /**
   * Compiles a template.
   * @throws {TemplateShapeError} naming the refused shape, such as `fragment expansion ({#var})`.
   */
  static compile(template: string): UriTemplate {
    const refuse = (shape: string): never => {
      throw new TemplateShapeError(template, shape);
    };
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
    const tokens = tokenize(template.slice(scheme[0].length), refuse);
    const names: string[] = [];
    let count = 0;
    for (const token of tokens) {
      if (token.kind !== 'expression') continue;
      count += token.expression.names.length;
      for (const name of token.expression.names) if (!names.includes(name)) names.push(name);
    }
    if (count > MAX_TEMPLATE_VARIABLES) refuse(`more than ${MAX_TEMPLATE_VARIABLES} variables`);

    // Query expressions close the template: {?a,b} then optional {&c}.
    let end = tokens.length;
    while (end > 0) {
      const token = tokens[end - 1]!;
      if (
        token.kind !== 'expression' ||
        (token.expression.operator !== '?' && token.expression.operator !== '&')
      )
        break;
      end--;
    }
    const queryTokens = tokens.slice(end) as { kind: 'expression'; expression: Expression }[];
    const body = tokens.slice(0, end);
    for (const token of body) {
      if (
        token.kind === 'expression' &&
        (token.expression.operator === '?' || token.expression.operator === '&')
      ) {
        refuse('a query expression that is not at the end of the template');
      }
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

    // The authority runs up to the first "/" of a literal or the first path expression.
    let index = 0;
    const authorityTokens: Token[] = [];
    let rest: Token[] = [];
    for (; index < body.length; index++) {
      const token = body[index]!;
      if (token.kind === 'text') {
        const slash = token.text.indexOf('/');
        if (slash !== -1) {
          if (slash > 0) authorityTokens.push({ kind: 'text', text: token.text.slice(0, slash) });
          rest = [{ kind: 'text', text: token.text.slice(slash) }, ...body.slice(index + 1)];
          break;
        }
        authorityTokens.push(token);
      } else if (token.expression.operator === '/' || token.expression.operator === '+') {
        rest = body.slice(index);
        break;
      } else {
        authorityTokens.push(token);
      }
    }
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
    return new UriTemplate(template, scheme[1]!, authority, path, query, names);
  }

  /**
   * Matches a URI against the template.
   * @returns the bound variables (absent optional ones left out), or `undefined` for no match.
   */
  match(uri: string): TemplateVariables | undefined {
    if (typeof uri !== 'string' || uri.includes('#')) return undefined;
    const colon = uri.indexOf(':');
    if (colon !== this.scheme.length || uri.slice(0, colon).toLowerCase() !== this.schemeLower)
      return undefined;
    if (uri.charCodeAt(colon + 1) !== 47 || uri.charCodeAt(colon + 2) !== 47) return undefined;
    const afterScheme = colon + 3;
    const questionMark = uri.indexOf('?', afterScheme);
    const beforeQuery = questionMark === -1 ? uri.length : questionMark;
    let slash = uri.indexOf('/', afterScheme);
    if (slash === -1 || slash > beforeQuery) slash = beforeQuery;
    const bound = new Map<string, string>();
    const bind = (name: string, raw: string): boolean => {
      const value = decode(raw);
      if (value === undefined) return false;
      const previous = bound.get(name);
      if (previous !== undefined && previous !== value) return false;
      bound.set(name, value);
      return true;
    };

    const authority = uri.slice(afterScheme, slash);
    if (authority.includes('@') || authority.includes(':')) return undefined;
    switch (this.authority.kind) {
      case 'empty':
        if (authority !== '') return undefined;
        break;
      case 'literal':
        if (authority !== this.authority.text) return undefined;
        break;
      case 'variable':
        if (authority === '' || !bind(this.authority.name, authority)) return undefined;
        break;
    }

    const pathText = uri.slice(slash, beforeQuery);
    const segments = pathText === '' ? [] : pathText.slice(1).split('/');
    if (!this.matchPath(segments, bind)) return undefined;

    if (questionMark !== -1) {
      if (this.query.length === 0) return undefined;
      const queryText = uri.slice(questionMark + 1);
      if (queryText === '') return undefined;
      const seen = new Set<string>();
      for (const pair of queryText.split('&')) {
        const equals = pair.indexOf('=');
        if (equals <= 0) return undefined;
        const name = pair.slice(0, equals);
        if (!this.query.includes(name) || seen.has(name)) return undefined;
        seen.add(name);
        if (!bind(name, pair.slice(equals + 1))) return undefined;
      }
    }
    const variables: TemplateVariables = {};
    for (const [name, value] of bound) variables[name] = value;
    return variables;
  }

  private matchPath(segments: string[], bind: (name: string, raw: string) => boolean): boolean {
    const items = this.path;
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

  /**
   * Builds a URI from values (the inverse of {@link UriTemplate.match} for values it can bind):
   * each segment is percent-encoded, and `/` separates the segments of `{+var}` and `{/var*}`.
   * @throws {Error} when a required value is missing.
   */
  expand(values: TemplateVariables): string {
    const required = (name: string): string => {
      const value = values[name];
      if (value === undefined) throw new Error(`expand: the template needs a value for "${name}"`);
      return value;
    };
    const segments = (value: string): string => value.split('/').map(encode).join('/');
    let uri = `${this.scheme}://`;
    if (this.authority.kind === 'literal') uri += this.authority.text;
    if (this.authority.kind === 'variable') uri += encode(required(this.authority.name));
    for (const item of this.path) {
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
    const pairs = this.query
      .filter((name) => values[name] !== undefined)
      .map((name) => `${name}=${encode(values[name]!)}`);
    return pairs.length === 0 ? uri : `${uri}?${pairs.join('&')}`;
  }
}

function tokenize(text: string, refuse: (shape: string) => never): Token[] {
  const tokens: Token[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '}') refuse('a "}" without "{"');
    if (char === '#') refuse('a literal fragment');
    if (char !== '{') {
      literal += char;
      continue;
    }
    const close = text.indexOf('}', i);
    if (close === -1) refuse('an unclosed expression');
    const source = text.slice(i, close + 1);
    if (source.slice(1).includes('{')) refuse('a nested "{"');
    if (literal !== '') tokens.push({ kind: 'text', text: literal });
    literal = '';
    tokens.push({ kind: 'expression', expression: parseExpression(source, refuse) });
    i = close;
  }
  if (literal !== '') tokens.push({ kind: 'text', text: literal });
  return tokens;
}

function parseExpression(source: string, refuse: (shape: string) => never): Expression {
  let body = source.slice(1, -1);
  let operator = '';
  const first = body[0];
  if (first !== undefined && '+#./;?&=,!@|'.includes(first)) {
    operator = first;
    body = body.slice(1);
  }
  switch (operator) {
    case '#':
      return refuse('fragment expansion ({#var})');
    case '.':
      return refuse('label expansion ({.var})');
    case ';':
      return refuse('path-style parameters ({;var})');
    case '=':
    case ',':
    case '!':
    case '@':
    case '|':
      return refuse(`the reserved operator "${operator}"`);
    default:
      break;
  }
  const specs = body.split(',');
  const names: string[] = [];
  for (const spec of specs) {
    if (spec.includes(':')) refuse('a prefix modifier ({var:n})');
    const explode = spec.endsWith('*');
    const name = explode ? spec.slice(0, -1) : spec;
    if (!VARIABLE_NAME.test(name)) refuse(`an invalid variable name in ${source}`);
    if (explode && operator !== '/') refuse('an explode modifier outside {/var*} ({var*})');
    names.push(name);
  }
  if (names.length > 1 && (operator === '' || operator === '+' || operator === '/')) {
    refuse('a multi-variable path or simple expression ({a,b})');
  }
  if (operator === '/' && source.endsWith('*}')) return { operator: '/*', names, source };
  return { operator, names, source };
}

function parseAuthority(tokens: Token[], refuse: (shape: string) => never): Authority {
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

function parsePath(tokens: Token[], refuse: (shape: string) => never): PathItem[] {
  const items: PathItem[] = [];
  let open = false;
  let parts: Token[] = [];
  const close = (): void => {
    if (!open) return;
    open = false;
    const part = parts[0];
    if (part === undefined) items.push({ kind: 'literal', text: '' });
    else if (parts.length === 1 && part.kind === 'text')
      items.push({ kind: 'literal', text: part.text });
    else if (parts.length === 1 && part.kind === 'expression' && part.expression.operator === '') {
      items.push({ kind: 'segment', name: part.expression.names[0]! });
    } else if (
      parts.length === 1 &&
      part.kind === 'expression' &&
      part.expression.operator === '+'
    ) {
      items.push({ kind: 'reserved', name: part.expression.names[0]! });
    } else {
      refuse('a path segment that holds literal text and an expression, or two expressions');
    }
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
          if (afterSlashExpression || !open)
            refuse('a path segment that holds literal text and an expression, or two expressions');
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
      if (afterSlashExpression || !open)
        refuse('a path segment that holds literal text and an expression, or two expressions');
      parts.push(token);
    }
  }
  close();
  return items;
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

/** Encodes everything but RFC 3986 unreserved characters. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
