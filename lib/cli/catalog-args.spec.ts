import { parseCatalogArgs } from './catalog-args.js';
import { CommandError } from './command.error.js';

const URL = ['--url', 'http://127.0.0.1:3000/mcp'];

/** The error a parse throws (it must throw a usage error). */
function refusal(argv: string[]): CommandError {
  try {
    parseCatalogArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).showUsage).toBe(true);
    return error as CommandError;
  }
  throw new Error(`parseCatalogArgs(${JSON.stringify(argv)}) did not throw`);
}

describe('parseCatalogArgs()', () => {
  it('should read one source, the output, and no headers by default', () => {
    expect(parseCatalogArgs(['--module', 'dist/app.js#AppModule', '--output', 'c.md'])).toEqual({
      module: 'dist/app.js#AppModule',
      url: undefined,
      output: 'c.md',
      headers: {},
      bearerToken: undefined,
    });
  });

  it('should read --server with --module, and refuse it with --url', () => {
    expect(parseCatalogArgs(['--module', 'dist/app.js#AppModule', '--server=admin'])).toMatchObject(
      { module: 'dist/app.js#AppModule', server: 'admin' },
    );
    expect(refusal([...URL, '--server', 'admin']).message).toBe(
      '--server goes with --module (the server of the module to read); with --url, the URL names the server',
    );
  });

  it('should read repeated --header lines as curl takes them, and --bearer', () => {
    const args = parseCatalogArgs([
      ...URL,
      '--header',
      'X-Api-Key: let-me-in',
      '--header=X-Trace:a=b:c',
      '--header',
      '  X-Empty:  ',
      '--bearer=abc.def',
    ]);
    expect(args.headers).toEqual({ 'x-api-key': 'let-me-in', 'x-trace': 'a=b:c', 'x-empty': '' });
    expect(args.bearerToken).toBe('abc.def');
  });

  it.each([
    [
      ['--header', 'X-Api-Key=abc'],
      '--header must be "<Name>: <value>", such as "X-Api-Key: 123"; got "X-Api-Key=abc"',
    ],
    [
      ['--header', ': abc'],
      '--header must be "<Name>: <value>", such as "X-Api-Key: 123"; got ": abc"',
    ],
    [
      ['--header', 'X Api Key: abc'],
      '--header "X Api Key: abc": the header name "X Api Key" is not an HTTP token',
    ],
    [
      ['--header', 'Mcp-Session-Id: abc'],
      '--header "Mcp-Session-Id: abc": the header Mcp-Session-Id is set by the client itself',
    ],
    [
      ['--header', 'X-Name: Zoë ✓'],
      '--header "X-Name: Zoë ✓": the value of the header X-Name must be a string without CR, LF',
    ],
    [
      ['--header', 'X-Api-Key: a', '--header', 'x-api-key: b'],
      '--header x-api-key is given twice (header names ignore case); give it once',
    ],
    [['--header'], '--header needs a value'],
    [['--bearer', 'Bearer abc'], '--bearer must be the token alone'],
    [
      ['--bearer', 'abc', '--header', 'Authorization: Basic eDp5'],
      'give either --bearer or an Authorization --header, not both',
    ],
  ])('should refuse %j with a usage error that says what to fix', (argv, message) => {
    expect(refusal([...URL, ...argv]).message).toContain(message);
  });

  it('should still want exactly one of --module and --url', () => {
    expect(refusal(['--header', 'X-Api-Key: k']).message).toBe(
      'give exactly one of --module and --url',
    );
  });
});
