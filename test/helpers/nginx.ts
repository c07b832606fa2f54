// nginx in front of instances on loopback, as docs/scaling.md configures it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, type Running } from './child-process.js';
import { freePort } from './free-port.js';

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
