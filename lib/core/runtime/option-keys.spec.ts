import { checkOptionKeys, closestKey } from './option-keys.js';
import { createRuntime } from './runtime.js';

const KNOWN = { schemaValidator: true, version: true, name: true, limits: true } as const;

describe('option keys', () => {
  it.each([
    ['schemaValidatr', 'schemaValidator'],
    ['schemavalidator', 'schemaValidator'],
    ['shcemaValidator', 'schemaValidator'],
    ['verison', 'version'],
    ['limit', 'limits'],
    ['nmae', 'name'],
  ])('should suggest the known key nearest to %s', (key, suggestion) => {
    expect(closestKey(key, Object.keys(KNOWN))).toBe(suggestion);
  });

  it.each(['timeout', 'x', 'validator'])(
    'should suggest nothing for %s, far from every key',
    (key) => {
      expect(closestKey(key, Object.keys(KNOWN))).toBeUndefined();
    },
  );

  it('should pass options whose keys are all known', () => {
    expect(() => checkOptionKeys({ name: 'a', version: '1' }, KNOWN, 'f()')).not.toThrow();
  });

  it('should stop on an unknown key, with a suggestion when one is near', () => {
    expect(() => checkOptionKeys({ name: 'a', schemaValidatr: 'ajv' }, KNOWN, 'f()')).toThrow(
      'Snodo: f() has no option "schemaValidatr"; did you mean "schemaValidator"?',
    );
    expect(() => checkOptionKeys({ colour: 'red' }, KNOWN, 'f()')).toThrow(
      /^Snodo: f\(\) has no option "colour"$/,
    );
  });

  it('should give the hint of a key that belongs elsewhere', () => {
    expect(() =>
      checkOptionKeys({ path: 'x' }, KNOWN, 'f()', { path: 'path goes beside' }),
    ).toThrow('path goes beside');
  });

  it('should stop createRuntime() on a misspelled option', () => {
    expect(() => createRuntime({ name: 'a', version: '1', instuctions: 'x' } as never)).toThrow(
      'Snodo: createRuntime() has no option "instuctions"; did you mean "instructions"?',
    );
  });
});

describe('serverInfo', () => {
  const info = (extra: object) => createRuntime({ name: 'a', version: '1', ...extra }).serverInfo;

  it('should carry title, description, websiteUrl and icons', () => {
    expect(
      info({
        title: 'A',
        description: 'Does a',
        websiteUrl: 'https://example.com/a',
        icons: [{ src: 'https://example.com/a.png', sizes: ['48x48'] }],
      }),
    ).toEqual({
      name: 'a',
      version: '1',
      title: 'A',
      description: 'Does a',
      websiteUrl: 'https://example.com/a',
      icons: [{ src: 'https://example.com/a.png', sizes: ['48x48'] }],
    });
  });

  it.each([
    [{ description: 42 }, 'Snodo: description must be a non-empty string'],
    [{ title: '' }, 'Snodo: title must be a non-empty string'],
    [{ websiteUrl: 'example.com' }, 'Snodo: websiteUrl must be an absolute http or https URL'],
    [
      { websiteUrl: 'javascript:alert(1)' },
      'Snodo: websiteUrl must be an absolute http or https URL',
    ],
    [{ icons: [{ src: 'a.png' }] }, "Snodo: the server's icons[0].src must be an absolute URI"],
  ])('should stop on a bad display field (%j)', (extra, message) => {
    expect(() => info(extra)).toThrow(message);
  });
});
