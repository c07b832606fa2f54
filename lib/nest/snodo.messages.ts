/** Messages of the Nest layer. @internal */
export const NEST_MESSAGES = {
  CLASS_TOOL_WITHOUT_CALL: (className: string) =>
    `Snodo: ${className} is decorated with @Tool() but has no call(args, context) method; implement ToolHandler or put @Tool() on a method`,
  CLASS_TOOL_WITHOUT_NAME: (className: string) =>
    `Snodo: @Tool() on the class ${className} needs a "name"`,
  CLASS_RESOURCE_WITHOUT_READ: (className: string) =>
    `Snodo: ${className} is decorated with @Resource() but has no read(params, context) method; implement ResourceHandler or put @Resource() on a method`,
  CLASS_RESOURCE_WITHOUT_NAME: (className: string) =>
    `Snodo: @Resource() on the class ${className} needs a "name"`,
  REGISTRATION_FAILED: (where: string, reason: string) => `Snodo: ${reason} (declared by ${where})`,
  NON_STATIC_PROVIDER: (className: string) =>
    `${className} is request-scoped or depends on a request-scoped provider; its @Tool() components were not registered (request scope is not supported yet)`,
  ARGUMENTS_DECLARED_TWICE: (where: string, sources: string) =>
    `Snodo: ${where} declares its arguments more than once (${sources}); declare them one way`,
  OUTPUT_DECLARED_TWICE: (where: string) =>
    `Snodo: ${where} declares a second output schema; keep one @Output() block or one outputSchema`,
  DECLARATION_FAILED: (where: string, reason: string) => `Snodo: ${where}: ${reason}`,
  DTO_PACKAGES_MISSING:
    'Snodo: DTO arguments need class-transformer and class-validator-jsonschema next to class-validator; install them',
  RECURSIVE_DTO: (trail: string) => `a DTO that contains itself cannot become a schema (${trail})`,
  HANDLER_THREW: (name: string) => `Tool "${name}" threw; the client got a safe isError result`,
  BODY_READER_UNAVAILABLE: (adapter: string) =>
    `The ${adapter} platform is not supported yet: request bodies on the MCP endpoint are read by the platform's own parser, so its size limit and error format apply`,
} as const;
