import { SetMetadata } from '@nestjs/common';
import { SNODO_SCOPES } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/**
 * The OAuth scopes a component needs (with the `auth` option; see docs/oauth.md), on a
 * component's method or on its class (all of its components). A caller whose token lacks one
 * does not see the component in lists, and a call answers 403 with
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, naming every scope it needs,
 * so that the client can ask for a token with them (step-up).
 * @example
 * ```ts
 * @Tool({ name: 'delete_file' })
 * @Scopes('files:write')
 * deleteFile(args: { path: string }) { ... }
 * ```
 * @publicApi
 */
export function Scopes(...scopes: string[]): ClassDecorator & MethodDecorator {
  for (const scope of scopes) {
    if (typeof scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))
      throw new Error(NEST_MESSAGES.BAD_SCOPE(String(scope)));
  }
  return SetMetadata(SNODO_SCOPES, Object.freeze([...scopes]));
}
