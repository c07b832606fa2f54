import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * A Nest logger that writes every line to stderr, so that stdout carries only MCP messages.
 * @publicApi
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack, params);
  }
}
