#!/usr/bin/env node
/**
 * Installs an official Node.js build of a major version from the npm registry (the
 * `node-<platform>-<arch>` packages the Node.js project publishes) and prints the folder of its
 * `node` binary, for .ci/run to put first on PATH:
 *
 *   PATH="$(node scripts/install-node.mjs 24):$PATH" npm test
 *
 * The build is kept in ~/.cache/snodo-node/<version>/ (SNODO_NODE_CACHE moves it), so a second
 * run downloads nothing when the registry's newest build of that major has not changed. Nothing
 * but the registry is used: the package is fetched with `npm pack` and unpacked with tar.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/install-node.mjs <major version>, such as 24');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const name = `node-${process.platform}-${process.arch}`;
const quiet = { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' };
const versions = JSON.parse(
  execFileSync(npm, ['view', `${name}@${major}`, 'version', '--json'], quiet),
);
const version = [versions].flat().at(-1);
if (version === undefined) throw new Error(`the registry has no ${name}@${major}`);

const cache = process.env.SNODO_NODE_CACHE ?? join(homedir(), '.cache', 'snodo-node');
const folder = join(cache, version);
const bin = join(folder, 'package', 'bin');
if (!existsSync(join(bin, 'node'))) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  execFileSync(npm, ['pack', `${name}@${version}`, '--silent'], { ...quiet, cwd: folder });
  const tarball = readdirSync(folder).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
  execFileSync('tar', ['-xzf', tarball], { cwd: folder, stdio: 'inherit' });
  rmSync(join(folder, tarball));
}
const printed = execFileSync(join(bin, 'node'), ['--version'], quiet).trim();
if (printed !== `v${version}`) throw new Error(`${bin}/node prints ${printed}, not v${version}`);
console.error(`Node ${printed} in ${bin}`);
console.log(bin);
