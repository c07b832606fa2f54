/** Why a template was refused: the shape, as docs/resources.md names it. @publicApi */
export class TemplateShapeError extends Error {
  constructor(
    readonly template: string,
    readonly shape: string,
  ) {
    super(
      `URI template "${template}" uses ${shape}, which the matcher does not support; implement matches(uri) to serve it`,
    );
    this.name = 'TemplateShapeError';
  }
}
