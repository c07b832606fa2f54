import { Inject, Injectable, Scope } from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Tool, type ToolHandler } from '../../lib/index.js';

/** A service the fixture tools get injected. */
@Injectable()
export class Greeter {
  greet(name: string): string {
    return `Hello, ${name}!`;
  }
}

@Injectable()
export class GreetingTools {
  constructor(private readonly greeter: Greeter) {}

  @Tool({
    description: 'Greets someone',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  })
  greet(args: { name: string }): string {
    return this.greeter.greet(args.name);
  }

  @Tool({ name: 'echo_size', description: 'Counts the characters of a text' })
  echoSize(args: { text?: string }): { length: number } {
    return { length: args.text?.length ?? 0 };
  }

  /** Not a tool: must not be listed. */
  helper(): string {
    return 'hidden';
  }
}

@Tool({ name: 'greet', inputSchema: { type: 'object' } })
@Injectable()
export class DuplicateGreetTool implements ToolHandler {
  call(): string {
    return 'again';
  }
}

@Tool({ name: 'broken', inputSchema: { type: 'object' } })
@Injectable()
export class ToolWithoutCall {}

let scopedInstances = 0;

/** A request-scoped provider: a new instance per request, with the request injected. */
@Injectable({ scope: Scope.REQUEST })
export class RequestScopedTools {
  private readonly instance = ++scopedInstances;

  constructor(
    @Inject(REQUEST) private readonly request: { headers?: Record<string, string | undefined> },
  ) {}

  @Tool({ name: 'scoped' })
  scoped(): string {
    return `instance ${this.instance} for ${this.request.headers?.['x-user'] ?? 'nobody'}`;
  }
}
