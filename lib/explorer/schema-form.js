// @ts-check
/**
 * Forms generated from JSON Schema: tool arguments (objects, nested objects, arrays, enums,
 * numbers, booleans, strings with their formats) and elicitation requests (flat primitives and
 * enums). What a form cannot express (`oneOf` of objects, `$ref`, maps...) gets a JSON field, and
 * a whole form can be edited as JSON.
 */
import { h, pretty } from './dom.js';
import {
  FormError,
  booleanField,
  enumField,
  hint,
  isObjectSchema,
  jsonField,
  kindOf,
  multiField,
  numberField,
  stringField,
} from './schema-fields.js';

export { FormError, kindOf };

/** @typedef {import('./schema-fields.js').Field} Field */

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
function arrayField(name, schema, required) {
  /** @type {{ field: Field, row: HTMLElement }[]} */
  const items = [];
  const list = h('div', { class: 'array-items' });
  const add = () => {
    const field = fieldFor(`${name}[${items.length}]`, schema.items, true);
    const entry = { field, row: h('div', { class: 'array-item' }, field.element) };
    const remove = () => {
      items.splice(items.indexOf(entry), 1);
      entry.row.remove();
    };
    entry.row.append(
      h('button', { type: 'button', class: 'small', onclick: remove, text: 'Remove' }),
    );
    items.push(entry);
    list.append(entry.row);
  };
  const addButton = h('button', {
    type: 'button',
    class: 'small',
    onclick: add,
    text: `Add ${name} item`,
  });
  const start = Math.max(Number(schema.minItems) || 0, required ? 1 : 0);
  for (let i = 0; i < start; i += 1) add();
  const element = h(
    'fieldset',
    { class: 'field array' },
    h('legend', { text: `${name}${required ? ' *' : ''}` }),
    hint(schema),
    list,
    addButton,
  );
  const read = () => {
    const values = items.map((item) => item.field.read()).filter((v) => v !== undefined);
    return values.length === 0 && !required ? undefined : values;
  };
  return { element, read };
}

/**
 * The fields of an object's properties, in their order, required ones marked.
 * @param {any} schema
 * @param {string} [prefix] the object's own name, for nested objects.
 * @returns {{ elements: HTMLElement[], read: () => Record<string, unknown> }}
 */
export function objectFields(schema, prefix = '') {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    field: fieldFor(prefix === '' ? name : `${prefix}.${name}`, property, required.has(name)),
  }));
  const read = () => {
    /** @type {Record<string, unknown>} */
    const value = {};
    for (const { name, field } of entries) {
      const read = field.read();
      if (read !== undefined) value[name] = read;
    }
    return value;
  };
  return { elements: entries.map((entry) => entry.field.element), read };
}

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
function objectField(name, schema, required) {
  const { elements, read: readAll } = objectFields(schema, name);
  const element = h(
    'fieldset',
    { class: 'field object' },
    h('legend', { text: `${name}${required ? ' *' : ''}` }),
    hint(schema),
    elements,
  );
  const read = () => {
    const value = readAll();
    return Object.keys(value).length === 0 && !required ? undefined : value;
  };
  return { element, read };
}

const BUILDERS = {
  enum: enumField,
  multi: multiField,
  string: stringField,
  number: numberField,
  boolean: booleanField,
  array: arrayField,
  object: objectField,
  json: jsonField,
};

/**
 * The field of one property.
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function fieldFor(name, schema, required) {
  return BUILDERS[kindOf(schema)](name, schema, required);
}

/**
 * A form for an object schema. With `asJson`, a switch turns it into one JSON text (prefilled
 * with what the fields hold), for what the fields cannot say.
 * @param {any} schema
 * @param {{ asJson?: boolean, empty?: string }} [options]
 * @returns {{ element: HTMLElement, read: () => Record<string, unknown> }}
 * @throws {FormError} from `read()` when a value cannot be sent.
 */
export function schemaForm(schema, options = {}) {
  const structured = isObjectSchema(schema) && kindOf(schema) === 'object';
  const { elements, read: readFields } = structured
    ? objectFields(schema)
    : { elements: [], read: () => ({}) };
  const fields = h('div', { class: 'fields' }, elements);
  if (elements.length === 0)
    fields.append(h('p', { class: 'muted', text: options.empty ?? 'No arguments.' }));
  const area = h('textarea', {
    class: 'json-input',
    rows: 8,
    hidden: true,
    'aria-label': 'Arguments as JSON',
  });
  const toggle = h('input', { type: 'checkbox' });
  toggle.addEventListener('change', () => {
    if (toggle.checked) area.value = pretty(safeRead(readFields));
    area.hidden = !toggle.checked;
    fields.hidden = toggle.checked;
  });
  const switcher = options.asJson
    ? h('label', { class: 'check json-switch' }, toggle, 'Edit as JSON')
    : null;
  const element = h('div', { class: 'schema-form' }, switcher, fields, area);
  const read = () => {
    if (!toggle.checked) return readFields();
    let value;
    try {
      value = JSON.parse(area.value || '{}');
    } catch {
      throw new FormError('The arguments are not valid JSON');
    }
    if (!isObjectSchema(value) || Array.isArray(value))
      throw new FormError('The arguments must be a JSON object');
    return value;
  };
  return { element, read };
}

/**
 * What the fields hold, or `{}` when one of them cannot be read.
 * @param {() => Record<string, unknown>} read
 */
function safeRead(read) {
  try {
    return read();
  } catch {
    return {};
  }
}
