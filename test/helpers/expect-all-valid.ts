import { McpSchemaValidator, type Revision } from './mcp-schema.validator.js';
import type { RecordedExchange } from './recording-fetch.js';

const schemas = new McpSchemaValidator();

/**
 * Asserts that every message the server sent in the recorded exchanges is valid against the
 * revision's official schema. `skipServerRequests` leaves out server-to-client requests (an
 * `elicitation/create` on a tools/call stream is not a tools/call message).
 */
export function expectAllValid(
  exchanges: RecordedExchange[],
  revision: Revision,
  options: { skipServerRequests?: boolean } = {},
): void {
  const problems = exchanges.flatMap((exchange) =>
    exchange.messages
      .filter(
        (message) =>
          options.skipServerRequests !== true ||
          (message as { method?: string }).method === undefined ||
          !(message as { id?: unknown }).id,
      )
      .flatMap((message) =>
        schemas
          .checkServerMessage(revision, exchange.method, message)
          .map((e) => `${exchange.method ?? exchange.httpMethod}: ${e}`),
      ),
  );
  expect(problems).toEqual([]);
}
