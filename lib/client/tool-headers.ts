import {
  argumentAt,
  collectHeaderParams,
  isJsonObject,
  type HeaderParam,
  type JsonObject,
} from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { encodeHeaderValue } from './header-encoding.js';

/** A tool as `tools/list` gives it: a name and an input schema. */
interface ListedTool {
  readonly name: string;
  readonly inputSchema?: unknown;
}

/** A header value of an argument: strings as they are, integers in decimal, booleans as words. */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * What the client knows of the `x-mcp-header` annotations of the tools it listed (2026-07-28,
 * SEP-2243): a tool whose annotations break the rules (not an HTTP token, repeated ignoring
 * case, on a type other than string, integer or boolean, or not reached through `properties`
 * only) is left out of the list, with a warning naming the tool and the rule; the others get
 * their arguments mirrored in `Mcp-Param-<Name>` headers when called.
 * @internal
 */
export class ToolHeaders {
  private readonly params = new Map<string, readonly HeaderParam[]>();

  constructor(private readonly warn: (message: string) => void) {}

  /** The tools whose annotations are valid, remembering their header parameters. */
  keepValid<T extends ListedTool>(tools: readonly T[], warn = this.warn): T[] {
    return tools.filter((tool) => {
      try {
        const schema = isJsonObject(tool.inputSchema) ? tool.inputSchema : {};
        this.params.set(tool.name, collectHeaderParams(schema));
        return true;
      } catch (error) {
        this.params.delete(tool.name);
        warn(CLIENT_MESSAGES.INVALID_TOOL_HEADERS(tool.name, (error as Error).message));
        return false;
      }
    });
  }

  /**
   * Remembers the header parameters of the tools of a `tools/list` page sent as a plain request
   * (the list itself is left as it is): those whose annotations break the rules are forgotten,
   * without a warning, as `keepValid` would leave them out.
   */
  remember(tools: unknown): void {
    if (!Array.isArray(tools)) return;
    const listed = tools.filter(
      (tool): tool is ListedTool => isJsonObject(tool) && typeof tool.name === 'string',
    );
    this.keepValid(listed, () => undefined);
  }

  /** Whether the tool was listed (its annotations are known). */
  knows(name: string): boolean {
    return this.params.has(name);
  }

  /**
   * The `Mcp-Param-*` headers of a call: one per annotated argument present and not null, with
   * lower-case names and encoded values; none for a tool not listed yet.
   */
  headersFor(name: string, args: JsonObject): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const param of this.params.get(name) ?? []) {
      const text = headerText(argumentAt(args, param));
      if (text !== undefined) headers[param.field] = encodeHeaderValue(text);
    }
    return headers;
  }
}
