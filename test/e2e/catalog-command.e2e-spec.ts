import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogCommand } from '../../lib/cli/catalog.command.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { API_KEY, ApiKeyAppModule } from '../src/api-key-app.module.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE = 'sample/01-tools/src/app.module.ts#AppModule';
const GUARDED = 'test/src/api-key-app.module.ts#ApiKeyAppModule';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await catalogCommand(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: root,
  });
  return { code, stdout, stderr };
}

describe('snodo catalog', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(async () => {
    await running.close();
  });

  it('should give the same catalog in module mode and from the running sample', async () => {
    const fromModule = await run('--module', SAMPLE);
    const fromUrl = await run('--url', running.url);
    expect(fromModule.stderr).toBe('');
    expect(fromModule.code).toBe(0);
    expect(fromUrl.code).toBe(0);
    expect(fromUrl.stdout).toBe(fromModule.stdout);
  });

  it('should match the golden catalog of the sample', async () => {
    const { stdout } = await run('--module', SAMPLE);
    expect(stdout).toBe(await readFile(join(root, 'test/golden/sample-catalog.md'), 'utf8'));
  });

  it('should write to --output', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'snodo-catalog-'));
    try {
      const file = join(dir, 'catalog.md');
      const { code, stdout } = await run('--url', running.url, '--output', file);
      expect(code).toBe(0);
      expect(stdout).toBe('');
      expect(await readFile(file, 'utf8')).toMatch(/^# packages 1\.0\.0: MCP catalog\n/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  describe('guarded components: --header and --bearer', () => {
    let guarded: RunningApp;

    beforeAll(async () => {
      guarded = await startApp(ApiKeyAppModule);
    });

    afterAll(async () => {
      await guarded.close();
    });

    it('should leave the guarded tool out without credentials', async () => {
      for (const source of [
        ['--url', guarded.url],
        ['--module', GUARDED],
      ]) {
        const { code, stdout, stderr } = await run(...source);
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(stdout).toContain('open_echo');
        expect(stdout).not.toContain('keyed_echo');
      }
    });

    it('should include it with --header, the same from the endpoint and from the module', async () => {
      const fromUrl = await run('--url', guarded.url, '--header', `X-Api-Key: ${API_KEY}`);
      expect(fromUrl.stderr).toBe('');
      expect(fromUrl.code).toBe(0);
      expect(fromUrl.stdout).toContain('keyed_echo');
      expect(fromUrl.stdout).toContain('open_echo');
      const fromModule = await run(`--header=x-api-key:${API_KEY}`, '--module', GUARDED);
      expect(fromModule.code).toBe(0);
      expect(fromModule.stdout).toBe(fromUrl.stdout);
    });

    it('should include it with --bearer, beside other --header lines', async () => {
      const { code, stdout } = await run(
        '--url',
        guarded.url,
        '--header',
        'X-Trace: 1',
        '--header',
        'X-Other: 2',
        '--bearer',
        API_KEY,
      );
      expect(code).toBe(0);
      expect(stdout).toContain('keyed_echo');
    });

    it.each([
      [
        ['--header', 'X-Api-Key=let-me-in'],
        '--header must be "<Name>: <value>", such as "X-Api-Key: 123"; got "X-Api-Key=let-me-in"',
      ],
      [
        ['--header', 'Content-Type: text/plain'],
        '--header "Content-Type: text/plain": the header Content-Type is set by the client itself',
      ],
      [['--bearer', `Bearer ${API_KEY}`], '--bearer must be the token alone'],
    ])('should refuse %j as a bad invocation and print the usage', async (argv, message) => {
      const { code, stdout, stderr } = await run('--url', guarded.url, ...argv);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const [first, ...usage] = stderr.split('\n');
      expect(first).toContain(`snodo catalog: ${message}`);
      expect(usage.join('\n')).toMatch(/^usage: snodo catalog [\s\S]*--header [\s\S]*--bearer /);
    });
  });

  describe('bad input: one line on stderr, exit code 1', () => {
    let html: Server;
    let htmlUrl: string;

    beforeAll(async () => {
      html = createServer((_req, res) => {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
      });
      await new Promise<void>((done) => html.listen(0, '127.0.0.1', done));
      htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}/mcp`;
    });

    afterAll(async () => {
      await new Promise((done) => html.close(done));
    });

    it.each([
      [
        ['--module', 'no/such/file.js#AppModule'],
        /^snodo catalog: cannot find the module file .*no\/such\/file\.js\n$/,
      ],
      [
        ['--module', 'sample/01-tools/src/app.module.ts#Nope'],
        /^snodo catalog: .*app\.module\.ts has no exported module "Nope" \(it exports AppModule\)\n$/,
      ],
      [
        ['--module', 'sample/01-tools/src/app.module.ts'],
        /^snodo catalog: --module must be <compiled file>#<ExportedModule>, got "sample\/01-tools\/src\/app\.module\.ts"\n$/,
      ],
      [
        ['--module', 'sample/01-tools/src/package-catalog.service.ts#PackageCatalog'],
        /^snodo catalog: "PackageCatalog" in .*package-catalog\.service\.ts is a provider, not a Nest module\n$/,
      ],
      [
        ['--module', 'test/src/plain.module.ts#PlainModule'],
        /^snodo catalog: Snodo: the module does not import SnodoModule\.forRoot\(\), so it serves no MCP catalog; import it in the root module\n$/,
      ],
      [
        ['--url', 'not a url'],
        /^snodo catalog: --url must be an http\(s\) URL, got "not a url"\n$/,
      ],
    ])('%j', async (argv, expected) => {
      const { code, stdout, stderr } = await run(...argv);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(expected);
    });

    it('should say when nothing listens at the URL', async () => {
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
      await new Promise((done) => closed.close(done));
      const { code, stderr } = await run('--url', url);
      expect(code).toBe(1);
      expect(stderr).toBe(`snodo catalog: cannot reach ${url}: ECONNREFUSED\n`);
    });

    it('should refuse an endpoint that is not MCP', async () => {
      const { code, stderr } = await run('--url', htmlUrl);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `snodo catalog: ${htmlUrl} did not answer as an MCP server (HTTP 404, text/html)\n`,
      );
    });

    it('should print the usage after a bad invocation', async () => {
      const { code, stderr } = await run('--module', SAMPLE, '--url', running.url);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^snodo catalog: give exactly one of --module and --url\nusage: snodo catalog /,
      );
    });
  });
});
