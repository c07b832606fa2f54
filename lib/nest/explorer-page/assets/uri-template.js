// @ts-check
/** RFC 6570 URI templates, as far as a form needs them: the variables, and expansion (level 3). */

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

/**
 * How each operator expands: what it starts with, what separates values, whether values are
 * named (`;x=1`), and whether reserved characters pass unencoded.
 * @type {Record<string, { first: string, separator: string, named: boolean, reserved: boolean, ifEmpty: string }>}
 */
const OPERATORS = {
  '': { first: '', separator: ',', named: false, reserved: false, ifEmpty: '' },
  '+': { first: '', separator: ',', named: false, reserved: true, ifEmpty: '' },
  '#': { first: '#', separator: ',', named: false, reserved: true, ifEmpty: '' },
  '.': { first: '.', separator: '.', named: false, reserved: false, ifEmpty: '' },
  '/': { first: '/', separator: '/', named: false, reserved: false, ifEmpty: '' },
  ';': { first: ';', separator: ';', named: true, reserved: false, ifEmpty: '' },
  '?': { first: '?', separator: '&', named: true, reserved: false, ifEmpty: '=' },
  '&': { first: '&', separator: '&', named: true, reserved: false, ifEmpty: '=' },
};

/**
 * A variable's name without its modifiers (`path*`, `name:3`).
 * @param {string} spec
 */
const nameOf = (spec) => spec.replace(/\*$/, '').replace(/:\d+$/, '');

/**
 * The variables of a template, in order, each once.
 * @param {string} template
 * @returns {string[]}
 */
export function variablesOf(template) {
  /** @type {string[]} */
  const names = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const spec of (match[2] ?? '').split(',')) {
      const name = nameOf(spec.trim());
      if (name !== '' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/**
 * Percent-encodes a value: everything but unreserved characters, or, for `+` and `#`, also
 * leaving reserved characters and existing percent-escapes as they are.
 * @param {string} value
 * @param {boolean} reserved
 */
function encode(value, reserved) {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (!reserved) return encoded;
  return encoded.replace(/%(2[1346789ABCF]|3[ABDF]|40|5[BD])/gi, (escape) =>
    decodeURIComponent(escape),
  );
}

/**
 * Expands a template with string values; variables without a value are left out.
 * @param {string} template
 * @param {Record<string, string | undefined>} values
 */
export function expand(template, values) {
  return template.replace(EXPRESSION, (_, operator, list) => {
    const rule = OPERATORS[operator] ?? OPERATORS[''];
    const parts = [];
    for (const spec of String(list).split(',')) {
      const trimmed = spec.trim();
      const name = nameOf(trimmed);
      const raw = values[name];
      if (raw === undefined) continue;
      const prefix = /:(\d+)$/.exec(trimmed);
      const value = encode(prefix ? raw.slice(0, Number(prefix[1])) : raw, rule.reserved);
      if (!rule.named) parts.push(value);
      else parts.push(value === '' ? `${name}${rule.ifEmpty}` : `${name}=${value}`);
    }
    return parts.length === 0 ? '' : rule.first + parts.join(rule.separator);
  });
}
