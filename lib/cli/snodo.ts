#!/usr/bin/env node
import { CATALOG_USAGE, catalogCommand } from './catalog.command.js';

const [command, ...rest] = process.argv.slice(2);
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  cwd: process.cwd(),
};

if (command === 'catalog') {
  process.exitCode = await catalogCommand(rest, io);
} else {
  io.stderr(
    `snodo: ${command === undefined ? 'no command given' : `unknown command "${command}"`}\n${CATALOG_USAGE}\n`,
  );
  process.exitCode = 1;
}
