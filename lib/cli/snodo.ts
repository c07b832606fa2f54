#!/usr/bin/env node
import { CATALOG_USAGE } from './catalog-args.js';
import { catalogCommand } from './catalog.command.js';
import { CLI_MESSAGES } from './cli.messages.js';

const [command, ...rest] = process.argv.slice(2);
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  cwd: process.cwd(),
};

if (command === 'catalog') {
  process.exitCode = await catalogCommand(rest, io);
} else {
  const problem =
    command === undefined ? CLI_MESSAGES.NO_COMMAND : CLI_MESSAGES.UNKNOWN_COMMAND(command);
  io.stderr(`snodo: ${problem}\n${CATALOG_USAGE}\n`);
  process.exitCode = 1;
}
