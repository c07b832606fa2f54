import type { ToolComponent } from '../components/tool.interface.js';
import type { CompiledSchema, SchemaValidator } from '../schema/schema-validator.interface.js';
import type {
  AuthorizationPolicy,
  ComponentRef,
} from '../components/authorization-policy.interface.js';

/**
 * The compiled schemas of one tool.
 * @publicApi
 */
export interface CompiledToolSchemas {
  readonly input?: CompiledSchema;
  readonly output?: CompiledSchema;
}

/**
 * Execution options the runtime holds; calling the router with none runs no policy.
 * @publicApi
 */
export interface DispatchOptions {
  /** Decides visibility and access; absent allows everything. */
  readonly authorization?: AuthorizationPolicy;
  /** Told about every error a handler throws that becomes a safe `isError` result. */
  readonly onHandlerError?: (component: ComponentRef, error: unknown) => void;
  /** Checks arguments and structured results; absent: only the top-level `required` list. */
  readonly schemaValidator?: SchemaValidator;
  /**
   * Schemas the runtime compiled once, by tool. A tool missing here is compiled on first use
   * through the shared direct-call cache.
   */
  readonly compiledSchemas?: ReadonlyMap<ToolComponent, CompiledToolSchemas>;
}
