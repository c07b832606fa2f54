/**
 * The RFC 6570 subset that can be matched without ambiguity (docs/resources.md, "Template shapes"):
 * `{var}`, `{+var}`, `{/var}`, `{/var*}`, `{?a,b}` and `{&x}`, with at most one variable-length
 * path expression. Matching splits the URI once and compares from both ends, so its cost is
 * linear in the URI length: no regular expression is built from the template or the URI.
 *
 * This class is the public face; the work is done by the tokenizer and parser (compile), the
 * matcher and the expander of this folder.
 */
import { expandTemplate } from './uri-template.expander.js';
import { matchTemplate } from './uri-template.matcher.js';
import { parseTemplate } from './uri-template.parser.js';
import type { TemplateParts, TemplateVariables } from './uri-template.type.js';

/**
 * A compiled URI template.
 * @publicApi
 */
export class UriTemplate {
  /** The variable names, in template order, each once. */
  readonly variables: readonly string[];

  private constructor(
    readonly template: string,
    private readonly parts: TemplateParts,
  ) {
    this.variables = parts.variables;
    Object.freeze(this);
  }

  /**
   * Compiles a template.
   * @throws {TemplateShapeError} naming the refused shape, such as `fragment expansion ({#var})`.
   */
  static compile(template: string): UriTemplate {
    return new UriTemplate(template, parseTemplate(template));
  }

  /**
   * Matches a URI against the template.
   * @returns the bound variables (absent optional ones left out), or `undefined` for no match.
   */
  match(uri: string): TemplateVariables | undefined {
    return matchTemplate(this.parts, uri);
  }

  /**
   * Builds a URI from values (the inverse of {@link UriTemplate.match} for values it can bind):
   * each segment is percent-encoded, and `/` separates the segments of `{+var}` and `{/var*}`.
   * @throws {Error} when a required value is missing.
   */
  expand(values: TemplateVariables): string {
    return expandTemplate(this.parts, values);
  }
}
