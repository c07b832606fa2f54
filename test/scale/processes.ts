// Real processes for the scale-out tests: redis-server, instances of the built sample, nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The built sample (npm run build:sample). */
export const SAMPLE_MAIN = join(process.cwd(), 'dist-sample/sample/01-tools/src/main.js');

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A binary from PATH or the usual sbin folders, or a clear failure naming the package. */
export function binary(name: string, debianPackage: string): string {
  for (const dir of (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/usr/bin', '/sbin'])) {
    const candidate = join(dir, name);
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} is not installed: the scale-out tests need it (apt-get install ${debianPackage}); .ci/run installs it`,
  );
}

/** How long a process may take to exit once asked to (the sample's shutdown takes at most 10.5 s). */
const STOP_TIMEOUT_MS = 20_000;

/** A child process that is up once `ready` matches its output. */
export interface Running {
  readonly child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function run(
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 20_000,
): Promise<Running> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      // A process that outlives its shutdown is a failure to report, not a test to hang.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(
          `${command} did not exit within ${STOP_TIMEOUT_MS} ms of ${signal}:\n${output.slice(-2_000)}`,
        );
      }
    },
  };
}

/** A throwaway redis-server on loopback, without persistence. */
export async function startRedis(port?: number): Promise<Running & { url: string; port: number }> {
  const chosen = port ?? (await freePort());
  const redis = await run(
    binary('redis-server', 'redis-server'),
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    /Ready to accept connections/,
  );
  return { ...redis, url: `redis://127.0.0.1:${chosen}`, port: chosen };
}

/** One instance of the built sample on its own port. */
export async function startInstance(
  env: NodeJS.ProcessEnv,
): Promise<Running & { url: string; port: number }> {
  const port = await freePort();
  const instance = await run(process.execPath, [SAMPLE_MAIN], /MCP server ready/, {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  return { ...instance, url: `http://127.0.0.1:${port}/mcp`, port };
}

/** nginx, round-robin in front of the given ports, with streaming (SSE) left unbuffered. */
export async function startNginx(ports: number[]): Promise<Running & { url: string }> {
  const listen = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'snodo-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp {
${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://mcp;
      proxy_set_header Host $http_host;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  const nginx = binary('nginx', 'nginx');
  const started = spawn(nginx, ['-p', dir, '-c', config, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listen}/mcp`;
  // nginx says nothing when it starts: wait until it answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    try {
      await fetch(url, { method: 'GET' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    child: started,
    output: () => output,
    url,
    stop: async () => {
      if (started.exitCode === null) started.kill('SIGQUIT');
      await exited;
    },
  };
}
