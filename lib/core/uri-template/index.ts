export {
  MAX_TEMPLATE_BYTES,
  MAX_TEMPLATE_VARIABLES,
  TemplateShapeError,
  UriTemplate,
  type TemplateVariables,
} from './uri-template.js';
