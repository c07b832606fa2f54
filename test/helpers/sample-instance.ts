// The built sample (scripts/build-apps.mjs; jest's global setup builds it) as a process of its own, as the scale-out tests run it.
import { join } from 'node:path';
import { run, type Running } from './child-process.js';
import { freePort } from './free-port.js';

/** The built sample (scripts/build-apps.mjs; jest's global setup builds it). */
export const SAMPLE_MAIN = join(process.cwd(), 'dist-sample/sample/01-tools/src/main.js');

/** A running instance of the sample: its MCP endpoint and port. */
export type SampleInstance = Running & { url: string; port: number };

/** One instance of the built sample on its own port. */
export async function startInstance(env: NodeJS.ProcessEnv): Promise<SampleInstance> {
  const port = await freePort();
  const instance = await run(process.execPath, [SAMPLE_MAIN], /MCP server ready/, {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  return { ...instance, url: `http://127.0.0.1:${port}/mcp`, port };
}
