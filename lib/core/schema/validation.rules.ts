/**
 * The rule texts every validator uses, so that a message reads the same whichever validator
 * found the problem. They name the rule, never the value.
 * @internal
 */
export const RULES = {
  TYPE: 'value is not one of the declared JSON types',
  ENUM: 'value is not one of the allowed values',
  CONST: 'value is not the required constant',
  REQUIRED: (property: string) => `missing required property "${property}"`,
  ADDITIONAL: 'property is not allowed',
  MIN_LENGTH: (n: number) => `must be at least ${n} characters long`,
  MAX_LENGTH: (n: number) => `must be at most ${n} characters long`,
  PATTERN: (pattern: string) => `must match the pattern ${pattern}`,
  MINIMUM: (n: number) => `must be greater than or equal to ${n}`,
  MAXIMUM: (n: number) => `must be less than or equal to ${n}`,
  EXCLUSIVE_MINIMUM: (n: number) => `must be greater than ${n}`,
  EXCLUSIVE_MAXIMUM: (n: number) => `must be less than ${n}`,
  MULTIPLE_OF: (n: number) => `must be a multiple of ${n}`,
  MIN_ITEMS: (n: number) => `must have at least ${n} items`,
  MAX_ITEMS: (n: number) => `must have at most ${n} items`,
  UNIQUE_ITEMS: 'must not contain duplicate items',
  MIN_PROPERTIES: (n: number) => `must have at least ${n} properties`,
  MAX_PROPERTIES: (n: number) => `must have at most ${n} properties`,
  FORMAT: (format: string) => `must be a valid ${format}`,
  KEYWORD: (keyword: string) => `must satisfy the "${keyword}" keyword`,
} as const;
