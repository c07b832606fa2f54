/**
 * The client could not talk to the server at all: unreachable, or not an MCP endpoint. JSON-RPC
 * errors the server answers with are thrown as `SnodoError`, with their code.
 * @publicApi
 */
export class SnodoClientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnodoClientError';
  }
}
