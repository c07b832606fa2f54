/** Messages of the `snodo` command. @internal */
export const CLI_MESSAGES = {
  UNKNOWN_ARGUMENT: (flag: string) => `unknown argument "${flag}"`,
  NEEDS_VALUE: (name: string) => `--${name} needs a value`,
  ONE_SOURCE: 'give exactly one of --module and --url',
  SERVER_NEEDS_MODULE:
    '--server goes with --module (the server of the module to read); with --url, the URL names the server',
  BAD_MODULE_SPEC: (spec: string) =>
    `--module must be <compiled file>#<ExportedModule>, got "${spec}"`,
  MODULE_FILE_MISSING: (path: string) => `cannot find the module file ${path}`,
  MODULE_NOT_LOADED: (path: string, reason: string) => `cannot load ${path}: ${reason}`,
  NO_SUCH_EXPORT: (path: string, exported: string, available: readonly string[]) =>
    `${path} has no exported module "${exported}"${available.length === 0 ? '' : ` (it exports ${available.join(', ')})`}`,
  NOT_A_MODULE: (exported: string, path: string) =>
    `"${exported}" in ${path} is a provider, not a Nest module`,
  BAD_HEADER_SYNTAX: (line: string) =>
    `--header must be "<Name>: <value>", such as "X-Api-Key: 123"; got "${line}"`,
  BAD_HEADER: (line: string, reason: string) => `--header "${line}": ${reason}`,
  DUPLICATE_HEADER: (name: string) =>
    `--header ${name} is given twice (header names ignore case); give it once`,
  BAD_BEARER: '--bearer must be the token alone: visible characters, without spaces or "Bearer "',
  BEARER_AND_AUTHORIZATION:
    'give either --bearer or an Authorization --header, not both: --bearer sets Authorization',
  BAD_URL: (url: string) => `--url must be an http(s) URL, got "${url}"`,
  FAILED: (command: string, reason: string) => `snodo ${command}: ${reason}`,
  NO_COMMAND: 'no command given',
  UNKNOWN_COMMAND: (command: string) => `unknown command "${command}"`,
} as const;
