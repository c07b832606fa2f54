import { withElicitationDefaults } from './elicitation-defaults.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
    verified: { type: 'boolean', default: true },
    note: { type: 'string' },
  },
};

describe('withElicitationDefaults()', () => {
  it('should fill in each omitted field that has a default, and keep the given ones', () => {
    expect(withElicitationDefaults(schema, { action: 'accept', content: { age: 41 } })).toEqual({
      action: 'accept',
      content: { age: 41, name: 'John Doe', status: 'active', verified: true },
    });
  });

  it('should fill in an accepted answer without content', () => {
    expect(withElicitationDefaults(schema, { action: 'accept' })).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 30, status: 'active', verified: true },
    });
  });

  it('should keep a field given as false or empty', () => {
    const answer = { action: 'accept', content: { verified: false, name: '' } };
    expect(withElicitationDefaults(schema, answer).content).toMatchObject(answer.content);
  });

  it.each(['decline', 'cancel'])('should leave a %s answer as it is', (action) => {
    const answer = { action };
    expect(withElicitationDefaults(schema, answer)).toBe(answer);
  });

  it('should leave the answer as it is when the schema has no properties', () => {
    const answer = { action: 'accept', content: { a: 1 } };
    expect(withElicitationDefaults(undefined, answer)).toBe(answer);
    expect(withElicitationDefaults({ type: 'object' }, answer)).toBe(answer);
  });
});
