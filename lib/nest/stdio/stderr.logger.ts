import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** `ConsoleLogger.printMessages`, whose trailing parameters differ between Nest 11 and 12. */
type PrintMessages = (
  messages: unknown[],
  context?: string,
  logLevel?: LogLevel,
  writeStreamType?: 'stdout' | 'stderr',
  ...rest: unknown[]
) => void;

/**
 * A Nest logger that writes every line to stderr, so that stdout carries only MCP messages.
 * @publicApi
 */
export class StderrLogger extends ConsoleLogger {
  /** Prints as `ConsoleLogger` does, every level to stderr. */
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    ...rest: unknown[]
  ): void {
    // The error stack (and, on Nest 12, the params) pass through as they came.
    (super.printMessages as PrintMessages).call(
      this,
      messages,
      context,
      logLevel,
      'stderr',
      ...rest,
    );
  }
}
