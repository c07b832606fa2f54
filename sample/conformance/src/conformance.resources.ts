import { Injectable } from '@nestjs/common';
import { Resource } from '../../../lib/index.js';
import { ResourceContent, Result, type CompletionRequest } from '../../../lib/core/index.js';
import { PNG_1X1 } from './media.js';

const TEMPLATE_IDS = ['123', '456', '789'];

/** The resources and the template the conformance suite reads and subscribes to. */
@Injectable()
export class ConformanceResources {
  @Resource({
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A static text resource',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static binary resource (a PNG image)',
    mimeType: 'image/png',
  })
  staticBinary(params: { uri: string }) {
    return Result.resourceRead([ResourceContent.blob(params.uri, PNG_1X1, 'image/png')]);
  }

  @Resource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource clients can subscribe to',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content';
  }

  @Resource({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    description: 'Data for one id',
    mimeType: 'application/json',
    completionArguments: ['id'],
    complete: 'completeId',
  })
  templateData(params: { id: string }) {
    return { id: params.id, templateTest: true, data: `Data for ID: ${params.id}` };
  }

  completeId(request: CompletionRequest): string[] {
    return TEMPLATE_IDS.filter((id) => id.startsWith(request.value));
  }
}
