// redis-server and nginx for bench/scale.bench.mjs, on free loopback ports (Debian packages
// redis-server and nginx; the benchmark says so and is skipped when they are missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

/** The path of a binary, or undefined. */
export function which(name) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
  }
  return spawnSync('which', [name]).stdout?.toString().trim() || undefined;
}

const until = async (check, what) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const stopper = (child) => () =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    which('redis-server'),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await until(async () => output.includes('Ready to accept connections'), 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: stopper(child) };
}

export async function startNginx(ports) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'snodo-bench-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map(
      (name, i) =>
        `  ${name}_temp_path ${dir}/${['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'][i]};`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  upstream mcp {
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mcp;
      proxy_set_header Host $http_host;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
  }
}
`,
  );
  const child = spawn(
    which('nginx'),
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', `${dir}/error.log`],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/mcp`;
  await until(async () => (await fetch(url)).status > 0, 'nginx');
  return { url, stop: stopper(child) };
}
