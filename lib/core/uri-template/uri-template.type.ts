/** Values bound by a match, by variable name. @publicApi */
export type TemplateVariables = Record<string, string>;

/** One `/`-delimited item of a template's path. @internal */
export type PathItem =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'segment'; readonly name: string }
  | { readonly kind: 'reserved'; readonly name: string }
  | { readonly kind: 'optional'; readonly name: string }
  | { readonly kind: 'explode'; readonly name: string };

/** The authority of a template: none, one literal or one `{var}`. @internal */
export type Authority =
  | { readonly kind: 'empty' }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'variable'; readonly name: string };

/** What compiling a template yields: everything the matcher and the expander read. @internal */
export interface TemplateParts {
  readonly scheme: string;
  /** The scheme in lower case, compared with the URI's (schemes ignore case). */
  readonly schemeLower: string;
  readonly authority: Authority;
  readonly path: readonly PathItem[];
  /** The query parameter names, in template order. */
  readonly query: readonly string[];
  /** The variable names, in template order, each once. */
  readonly variables: readonly string[];
}

/** Refuses the template, naming the shape: always throws a `TemplateShapeError`. @internal */
export type Refuse = (shape: string) => never;
