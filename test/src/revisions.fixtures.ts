import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import { Prompt, Resource, SnodoModule, Tool, type SnodoModuleOptions } from '../../lib/index.js';
import { Content, PromptMessages, Result, type CallContext } from '../../lib/core/index.js';

const ICON = { src: 'https://example.com/icon.png', mimeType: 'image/png' };
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

/**
 * Components that use what the newer revisions added (titles, output schemas, annotations,
 * icons, `_meta`, resource links, audio, `lastModified`, progress messages, elicitation), to
 * check how each older revision gets them.
 */
@Injectable()
export class RevisionTools {
  @Tool({
    name: 'rich',
    title: 'Rich tool',
    description: 'Answers with structured content',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    outputSchema: { type: 'object', properties: { length: { type: 'number' } } },
    annotations: { readOnlyHint: true, title: 'Rich' },
    icons: [ICON],
    meta: { 'com.example/kind': 'rich' },
  })
  rich(args: { text?: string }) {
    return { length: args.text?.length ?? 0 };
  }

  @Tool({ name: 'blocks', description: 'Answers with every kind of content block' })
  blocks() {
    return Result.content([
      { ...Content.text('plain'), annotations: { priority: 0.5, lastModified: '2026-01-01' } },
      { ...Content.text('with meta'), _meta: { 'com.example/x': 1 } },
      Content.resourceLink('revisions://doc', 'doc', { title: 'The document' }),
      Content.audio(WAV, 'audio/wav'),
      Content.embeddedText('revisions://doc', 'body', 'text/plain'),
    ]);
  }

  @Tool({ name: 'progressing', description: 'Reports progress with a message' })
  progressing(_args: unknown, context: CallContext) {
    context.progress(1, 2, 'half way');
    context.progress(2, 2, 'done');
    return 'finished';
  }

  @Tool({ name: 'asking', description: 'Asks the user for a name' })
  async asking(_args: unknown, context: CallContext) {
    const answer = await context.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return JSON.stringify(answer);
  }

  @Resource({
    uri: 'revisions://doc',
    name: 'doc',
    title: 'The document',
    mimeType: 'text/plain',
    annotations: { audience: ['user'], lastModified: '2026-01-01' },
    icons: [ICON],
    meta: { 'com.example/kind': 'doc' },
  })
  doc() {
    return 'body';
  }

  @Resource({ uriTemplate: 'revisions://items/{id}', name: 'item', title: 'An item' })
  item(params: { id: string }) {
    return `item ${params.id}`;
  }

  @Prompt({
    name: 'mixed',
    title: 'Mixed prompt',
    description: 'Messages with a resource link and audio',
    arguments: [{ name: 'topic', title: 'Topic', description: 'What about', required: true }],
    completionArguments: ['topic'],
    complete: 'completeTopic',
  })
  mixed(args: { topic: string }) {
    return [
      PromptMessages.user(`About ${args.topic}`),
      PromptMessages.user(Content.resourceLink('revisions://doc', 'doc')),
      PromptMessages.user(Content.audio(WAV, 'audio/wav')),
    ];
  }

  completeTopic() {
    return Result.completion(['alpha', 'beta']);
  }
}

/** The revision fixtures under `SnodoModule.forRoot()`. */
@Module({})
export class RevisionsAppModule {
  static register(options: Partial<SnodoModuleOptions> = {}): DynamicModule {
    return {
      module: RevisionsAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'revisions',
          version: '1.0.0',
          title: 'Revisions fixture',
          ...options,
        }),
      ],
      providers: [RevisionTools],
    };
  }
}
