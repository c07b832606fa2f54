// @ts-check
/**
 * The fields of generated forms that hold one value: enums (single and multiple choice), strings
 * with their formats, numbers, booleans, and JSON for what a field cannot express. Which kind a
 * schema gets is {@link kindOf}'s decision.
 */
import { h, pretty, uniqueId } from './dom.js';

/** A value the user typed that cannot be sent (bad JSON, not a number). */
export class FormError extends Error {}

/**
 * @typedef {object} Field
 * @property {HTMLElement} element
 * @property {() => unknown} read the value, or `undefined` when left empty.
 */

/** @param {any} schema */
export const isObjectSchema = (schema) => schema !== null && typeof schema === 'object';

/**
 * The options of an enum: from `enum`, or from `oneOf`/`anyOf` of `const`s (titled enums).
 * @param {any} schema
 * @returns {{ value: unknown, title: string }[] | undefined}
 */
function enumOptions(schema) {
  if (!isObjectSchema(schema)) return undefined;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((/** @type {unknown} */ value, /** @type {number} */ index) => ({
      value,
      title: String(names[index] ?? (typeof value === 'string' ? value : JSON.stringify(value))),
    }));
  }
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices) && choices.length > 0 && choices.every((c) => c && 'const' in c))
    return choices.map((c) => ({ value: c.const, title: String(c.title ?? c.const) }));
  return undefined;
}

/**
 * The type a schema declares: `type`, or its only non-null member when it is a list.
 * @param {any} schema
 */
function typeOf(schema) {
  const type = schema.type;
  if (Array.isArray(type)) {
    const concrete = type.filter((t) => t !== 'null');
    return concrete.length === 1 ? concrete[0] : undefined;
  }
  if (type === undefined && isObjectSchema(schema.properties)) return 'object';
  return type;
}

/**
 * Which kind of field a schema gets.
 * @param {any} schema
 * @returns {'enum' | 'multi' | 'string' | 'number' | 'boolean' | 'array' | 'object' | 'json'}
 */
export function kindOf(schema) {
  if (!isObjectSchema(schema)) return 'json';
  if (enumOptions(schema)) return 'enum';
  const type = typeOf(schema);
  if (type === 'string') return 'string';
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') {
    if (enumOptions(schema.items)) return 'multi';
    return isObjectSchema(schema.items) && kindOf(schema.items) !== 'json' ? 'array' : 'json';
  }
  if (type === 'object' && isObjectSchema(schema.properties)) return 'object';
  return 'json';
}

/**
 * The label of a field, with its name, a mark when required, and its description.
 * @param {string} id
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 */
function label(id, name, schema, required) {
  const title = typeof schema?.title === 'string' && schema.title !== name ? schema.title : '';
  return h(
    'label',
    { for: id, class: 'field-label' },
    h('span', { class: 'field-name', text: name }),
    required ? h('span', { class: 'required', title: 'required', text: ' *' }) : null,
    title ? h('span', { class: 'field-title', text: ` (${title})` }) : null,
  );
}

/** @param {any} schema */
export const hint = (schema) =>
  typeof schema?.description === 'string'
    ? h('small', { class: 'field-hint', text: schema.description })
    : null;

/**
 * A labelled field around a control.
 * @param {string} id
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @param {HTMLElement} control
 */
const wrap = (id, name, schema, required, control) =>
  h('div', { class: 'field' }, label(id, name, schema, required), control, hint(schema));

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function enumField(name, schema, required) {
  const id = uniqueId(name);
  const options = enumOptions(schema) ?? [];
  const select = h('select', { id, name });
  if (!required || schema.default === undefined)
    select.append(h('option', { value: '', text: '—' }));
  options.forEach((option, index) => {
    const selected = schema.default !== undefined && option.value === schema.default;
    select.append(h('option', { value: String(index), text: option.title, selected }));
  });
  const read = () => (select.value === '' ? undefined : options[Number(select.value)]?.value);
  return { element: wrap(id, name, schema, required, select), read };
}

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function multiField(name, schema, required) {
  const options = enumOptions(schema.items) ?? [];
  const defaults = Array.isArray(schema.default) ? schema.default : [];
  const boxes = options.map((option) =>
    h('input', { type: 'checkbox', checked: defaults.includes(option.value) }),
  );
  const group = h(
    'fieldset',
    { class: 'field multi' },
    h('legend', { text: `${name}${required ? ' *' : ''}` }),
    options.map((option, index) => h('label', { class: 'check' }, boxes[index], option.title)),
    hint(schema),
  );
  const read = () => {
    const chosen = options.filter((_, index) => boxes[index]?.checked).map((o) => o.value);
    return chosen.length === 0 && !required ? undefined : chosen;
  };
  return { element: group, read };
}

const INPUT_TYPES = /** @type {Record<string, string>} */ ({
  email: 'email',
  uri: 'url',
  url: 'url',
  date: 'date',
  time: 'time',
});

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function stringField(name, schema, required) {
  const id = uniqueId(name);
  const input = h('input', {
    id,
    name,
    type: INPUT_TYPES[schema.format] ?? 'text',
    value: typeof schema.default === 'string' ? schema.default : undefined,
    placeholder: schema.format === 'date-time' ? '2026-01-31T12:00:00Z' : schema.format,
    minlength: schema.minLength,
    maxlength: schema.maxLength,
    pattern: schema.pattern,
    required,
  });
  const read = () => (input.value === '' && !required ? undefined : input.value);
  return { element: wrap(id, name, schema, required, input), read };
}

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function numberField(name, schema, required) {
  const id = uniqueId(name);
  const integer = typeOf(schema) === 'integer';
  const input = h('input', {
    id,
    name,
    type: 'number',
    step: integer ? '1' : 'any',
    min: schema.minimum,
    max: schema.maximum,
    value: typeof schema.default === 'number' ? String(schema.default) : undefined,
    required,
  });
  const read = () => {
    if (input.value.trim() === '') return undefined;
    const value = Number(input.value);
    if (!Number.isFinite(value)) throw new FormError(`${name}: not a number`);
    return value;
  };
  return { element: wrap(id, name, schema, required, input), read };
}

/**
 * A checkbox when the value must be given (or has a default); otherwise a choice that can be
 * left unset.
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function booleanField(name, schema, required) {
  const id = uniqueId(name);
  if (required || typeof schema.default === 'boolean') {
    const box = h('input', { id, name, type: 'checkbox', checked: schema.default === true });
    return { element: wrap(id, name, schema, required, box), read: () => box.checked };
  }
  const select = h(
    'select',
    { id, name },
    h('option', { value: '', text: '—' }),
    h('option', { value: 'true', text: 'true' }),
    h('option', { value: 'false', text: 'false' }),
  );
  const read = () => (select.value === '' ? undefined : select.value === 'true');
  return { element: wrap(id, name, schema, required, select), read };
}

/**
 * A JSON text for what the generated fields cannot express.
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function jsonField(name, schema, required) {
  const id = uniqueId(name);
  const initial = schema && schema.default !== undefined ? pretty(schema.default) : '';
  const area = h('textarea', { id, name, rows: 3, class: 'json-input', placeholder: 'JSON' });
  area.value = initial;
  const read = () => {
    if (area.value.trim() === '') return undefined;
    try {
      return JSON.parse(area.value);
    } catch {
      throw new FormError(`${name}: not valid JSON`);
    }
  };
  return { element: wrap(id, name, schema, required, area), read };
}
