export type {
  ArgumentDeclaration,
  ArgumentOptions,
  ArgumentType,
  JsonTypeName,
  RootSchemaOptions,
} from './argument-declaration.interface.js';
export { arg, buildObjectSchema } from './argument-schema.builder.js';
