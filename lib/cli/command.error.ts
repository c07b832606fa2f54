/**
 * A bad invocation or input: one line on stderr (and the usage, for a bad invocation), exit code 1.
 * @internal
 */
export class CommandError extends Error {
  constructor(
    message: string,
    /** Whether the usage follows the message: the invocation itself was wrong. */
    readonly showUsage = false,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}
