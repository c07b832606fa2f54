import { resolve } from 'node:path';

/**
 * The apps that run as processes of their own (the samples, test/src/*.main.ts), built once into
 * dist-sample/ by scripts/build-apps.mjs, which jest's global setup runs when a source changed.
 */
const APPS = resolve(import.meta.dirname, '../../dist-sample');

/** The built entry of an app's TypeScript source, such as `sample/01-tools/src/main-stdio.ts`. */
export function builtApp(source: string): string {
  return resolve(APPS, source.replace(/\.ts$/, '.js'));
}
