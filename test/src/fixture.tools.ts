import { Injectable, Scope } from '@nestjs/common';
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

@Injectable({ scope: Scope.REQUEST })
export class RequestScopedTools {
  @Tool({ name: 'scoped' })
  scoped(): string {
    return 'scoped';
  }
}
