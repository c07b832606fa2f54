export { TemplateShapeError } from './template-shape.error.js';
export { UriTemplate } from './uri-template.js';
export { MAX_TEMPLATE_BYTES, MAX_TEMPLATE_VARIABLES } from './uri-template.parser.js';
export type { TemplateVariables } from './uri-template.type.js';
