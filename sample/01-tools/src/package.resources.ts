import { Injectable } from '@nestjs/common';
import { Resource } from '../../../lib/index.js';
import {
  ResourceContent,
  Result,
  safeResourcePath,
  type CompletionRequest,
} from '../../../lib/core/index.js';
import { GUIDES } from './guides.content.js';
import { LOGO_PNG } from './logo.js';
import { PackageCatalog } from './package-catalog.service.js';

/** Resources and templates: methods of one provider, with the catalog injected. */
@Injectable()
export class PackageResources {
  constructor(private readonly catalog: PackageCatalog) {}

  @Resource({
    uri: 'catalog://packages',
    description: 'The names of every package',
    mimeType: 'application/json',
  })
  packages() {
    return { packages: this.catalog.names() };
  }

  @Resource({
    uri: 'catalog://readme',
    name: 'readme',
    title: 'About this catalog',
    mimeType: 'text/markdown',
  })
  readme(): string {
    return '# Package catalog\n\nFour Elixir packages, served over MCP by a Nest app.\n';
  }

  @Resource({ uri: 'catalog://logo.png', name: 'logo', mimeType: 'image/png' })
  logo(params: { uri: string }) {
    return Result.resourceRead([ResourceContent.blob(params.uri, LOGO_PNG, 'image/png')]);
  }

  /** A template: `{name}` arrives in the params; `undefined` answers "resource not found". */
  @Resource({
    uriTemplate: 'hex://{name}/info',
    name: 'package',
    mimeType: 'application/json',
    completionArguments: ['name'],
    complete: 'completePackageName',
  })
  packageInfo(params: { name: string }) {
    return this.catalog.find(params.name);
  }

  completePackageName(request: CompletionRequest): string[] {
    return this.catalog.names().filter((name) => name.startsWith(request.value));
  }

  /** A template whose value names a file: checked with safeResourcePath before use. */
  @Resource({ uriTemplate: 'docs://guides/{+path}', name: 'guide', mimeType: 'text/markdown' })
  guide(params: { path: string }) {
    const file = safeResourcePath('/guides', params.path);
    return file === undefined ? undefined : GUIDES[file];
  }
}
