import type { Refuse } from './uri-template.type.js';

/** One `{...}` expression: its operator (`/*` for `{/var*}`), names and source text. @internal */
export interface Expression {
  readonly operator: string;
  readonly names: readonly string[];
  readonly source: string;
}

/** A run of literal text or one expression. @internal */
export type Token =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'expression'; readonly expression: Expression };

const VARIABLE_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

/**
 * Splits the text after `scheme://` into literal runs and expressions, refusing stray braces,
 * literal fragments and the expression shapes the matcher does not support.
 * @internal
 */
export function tokenize(text: string, refuse: Refuse): Token[] {
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

function parseExpression(source: string, refuse: Refuse): Expression {
  let body = source.slice(1, -1);
  let operator = '';
  const first = body[0];
  if (first !== undefined && '+#./;?&=,!@|'.includes(first)) {
    operator = first;
    body = body.slice(1);
  }
  refuseOperator(operator, refuse);
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

/** Refuses the RFC 6570 operators outside the subset. */
function refuseOperator(operator: string, refuse: Refuse): void {
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
}
