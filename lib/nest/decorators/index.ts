export { Tool } from './tool.decorator.js';
export { Arg } from './arg.decorator.js';
export { Output } from './output.decorator.js';
/** @internal */
export { type OutputDeclaration } from './output.decorator.js';
export { Resource } from './resource.decorator.js';
export { Prompt } from './prompt.decorator.js';
export { Scopes } from './scopes.decorator.js';
