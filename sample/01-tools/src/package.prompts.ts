import { Injectable } from '@nestjs/common';
import { Prompt } from '../../../lib/index.js';
import {
  Content,
  PromptMessages,
  Result,
  type CompletionRequest,
} from '../../../lib/core/index.js';
import { LOGO_PNG } from './logo.js';
import { PackageCatalog } from './package-catalog.service.js';

const FOCUS = ['quality', 'security', 'upgrade'];

/** Prompts: methods of one provider; `complete` names the method that suggests argument values. */
@Injectable()
export class PackagePrompts {
  constructor(private readonly catalog: PackageCatalog) {}

  @Prompt({ description: 'A short introduction to this catalog' })
  welcome(): string {
    return 'You are helping someone pick Elixir packages from this catalog. Start by asking what they build.';
  }

  @Prompt({
    name: 'review',
    description: 'Review a package',
    arguments: [
      { name: 'name', description: 'Package name', required: true },
      { name: 'focus', description: 'quality, security, or upgrade' },
    ],
    completionArguments: ['name', 'focus'],
    complete: 'completeReview',
  })
  review(args: { name: string; focus?: string }): string {
    return `Review ${args.name}, focusing on ${args.focus ?? 'quality'}.`;
  }

  completeReview(request: CompletionRequest) {
    if (request.argument === 'name') {
      const names = this.catalog.names().filter((name) => name.startsWith(request.value));
      return Result.completion(names, { total: names.length, hasMore: false });
    }
    const chosen = request.arguments.name;
    const extra = chosen === undefined ? [] : [`${chosen} changelog`];
    return [...FOCUS, ...extra].filter((focus) => focus.startsWith(request.value));
  }

  @Prompt({
    name: 'explain_readme',
    description: 'Explain the catalog readme',
    arguments: [{ name: 'audience', description: 'Who the explanation is for', required: true }],
  })
  explainReadme(args: { audience: string }) {
    return Result.promptGet(
      [
        PromptMessages.user(
          Content.embeddedText('catalog://readme', '# Package catalog', 'text/markdown'),
        ),
        PromptMessages.user(`Explain the resource above to ${args.audience}.`),
      ],
      { description: `The catalog readme, explained to ${args.audience}` },
    );
  }

  @Prompt({ name: 'describe_logo', description: 'Describe the catalog logo' })
  describeLogo() {
    return [
      PromptMessages.user(Content.image(LOGO_PNG, 'image/png')),
      PromptMessages.user('Describe the image above.'),
    ];
  }
}
