#!/usr/bin/env node
/**
 * Writes docs/troubleshooting.md from the message catalogs of the package: every refusal, error
 * and warning a user can meet, by where it comes from, as its text reads (what a message puts in
 * from the case at hand is shown as `‹name›`). The catalogs are read as TypeScript source (the
 * compiler's parser), so the page is the catalogs' own text and cannot drift from them:
 * test/unit/troubleshooting.spec.ts fails when the committed page differs from what this makes.
 *
 *   node scripts/troubleshooting.mjs           writes the page
 *   node scripts/troubleshooting.mjs --check   exits 1 when the page is not up to date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PAGE = join(root, 'docs', 'troubleshooting.md');

/** The catalogs, in the order a user meets them, with what their messages are. */
const CATALOGS = [
  {
    file: 'lib/nest/snodo.messages.ts',
    title: 'The Nest module',
    about:
      'Bootstrap errors of `SnodoModule` (they start with `Snodo:` and stop the app: fix the option or the component they name), warnings it logs under the `Snodo` context, and the answers its endpoint gives.',
  },
  {
    file: 'lib/nest/servers/server.messages.ts',
    title: 'Several servers in one app',
    about:
      'Bootstrap errors of `forRoot({ server })` and of the injection tokens of named servers.',
  },
  {
    file: 'lib/nest/explorer-page/explorer.messages.ts',
    title: 'The explorer page',
    about: 'What the explorer page logs and answers.',
  },
  {
    file: 'lib/core/errors/messages.constant.ts',
    title: 'The protocol core',
    about:
      'What clients are answered (JSON-RPC error messages and `isError` results: a client can act on each), then what stops a server from starting (configuration and definitions, prefixed `Snodo:`).',
  },
  {
    file: 'lib/core/wire/wire.messages.ts',
    title: 'Messages that cannot be read',
    about:
      'Answers to bodies and lines that are not JSON-RPC, or not within the limits (HTTP 400, 413 and others, with a JSON-RPC error).',
  },
  {
    file: 'lib/transports/transport.messages.ts',
    title: 'Streamable HTTP and stdio',
    about:
      'Answers of the transports (HTTP status and JSON-RPC error), and their options checked at bootstrap (`Snodo:`).',
  },
  {
    file: 'lib/auth/auth.messages.ts',
    title: 'OAuth (the `auth` option)',
    about:
      'The 401, 403 and 503 answers of a protected endpoint (see docs/oauth.md), and its options checked at bootstrap (`Snodo:`).',
  },
  {
    file: 'lib/redis/redis.messages.ts',
    title: 'Redis (`@snodo/nestjs/redis`)',
    about: 'Options of `redisStore()` and what it logs when Redis is away.',
  },
  {
    file: 'lib/client/client.messages.ts',
    title: 'The client (`@snodo/nestjs/client`)',
    about: 'What `SnodoClient` throws and reports.',
  },
  {
    file: 'lib/client/oauth/oauth.messages.ts',
    title: "The client's OAuth",
    about: 'What the client reports when it cannot get or use a token.',
  },
  {
    file: 'lib/cli/cli.messages.ts',
    title: 'The `snodo` command',
    about: 'What the command prints when it cannot do what it was asked.',
  },
];

/** The text of a message: a string as it is; a template with `‹expression›` in its holes. */
function textOf(node, source) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans)
      text += `${holeText(span.expression, source)}${span.literal.text}`;
    return text;
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    const body = node.body;
    if (!ts.isBlock(body)) return textOf(unwrap(body), source);
    const returned = body.statements.filter(ts.isReturnStatement).at(-1)?.expression;
    return returned === undefined ? undefined : textOf(unwrap(returned), source);
  }
  if (ts.isConditionalExpression(node)) {
    const whenTrue = textOf(unwrap(node.whenTrue), source);
    const whenFalse = textOf(unwrap(node.whenFalse), source);
    return [whenTrue, whenFalse].filter((text) => text !== undefined && text !== '').join(' | ');
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textOf(unwrap(node.left), source) ?? `‹${holeName(node.left, source)}›`;
    const right = textOf(unwrap(node.right), source) ?? `‹${holeName(node.right, source)}›`;
    return left + right;
  }
  return undefined;
}

const unwrap = (node) =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) ? unwrap(node.expression) : node;

/**
 * What a template's hole reads as: `[…]` for a part said only in some cases (a condition with an
 * empty side), else `‹name›` for what fills it.
 */
function holeText(expression, source) {
  const node = unwrap(expression);
  if (ts.isConditionalExpression(node)) {
    const whenTrue = textOf(unwrap(node.whenTrue), source);
    const whenFalse = textOf(unwrap(node.whenFalse), source);
    if (whenTrue === '' && whenFalse !== undefined) return `[${whenFalse}]`;
    if (whenFalse === '' && whenTrue !== undefined) return `[${whenTrue}]`;
    if (whenTrue !== undefined && whenFalse !== undefined) return `${whenTrue} | ${whenFalse}`;
  }
  return `‹${holeName(node, source)}›`;
}

/** A short name for what fills a hole: the variable or property it reads. */
function holeName(expression, source) {
  const node = unwrap(expression);
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isCallExpression(node)) {
    // `names.join(', ')`, `ms.toFixed(1)`: what is joined or formatted; `quote(name)`: its argument.
    const callee = unwrap(node.expression);
    if (ts.isPropertyAccessExpression(callee)) return holeName(callee.expression, source);
    return node.arguments.length > 0
      ? holeName(node.arguments[0], source)
      : holeName(callee, source);
  }
  if (ts.isConditionalExpression(node)) return holeName(node.condition, source);
  if (ts.isElementAccessExpression(node)) return holeName(node.expression, source);
  if (ts.isBinaryExpression(node)) return holeName(node.left, source);
  return node.getText(source).replace(/\s+/g, ' ').slice(0, 40);
}

/** The messages of one catalog: each property of its exported object literal, in order. */
function messagesOf(file) {
  const path = join(root, file);
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const messages = [];
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.initializer !== undefined) {
      const literal = unwrap(node.initializer);
      if (ts.isObjectLiteralExpression(literal) && /MESSAGES$/.test(node.name.getText(source))) {
        for (const property of literal.properties) {
          if (!ts.isPropertyAssignment(property)) continue;
          const text = textOf(unwrap(property.initializer), source);
          if (text !== undefined) messages.push({ key: property.name.getText(source), text });
        }
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return messages;
}

const cell = (text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The page, as this script writes it (formatted as Prettier formats the repository's Markdown). */
export async function renderTroubleshooting() {
  const sections = CATALOGS.map(({ file, title, about }) => {
    const rows = messagesOf(file).map(({ key, text }) => `| ${cell(text)} | \`${key}\` |`);
    return [
      `## ${title}`,
      '',
      about,
      '',
      `From \`${file}\`.`,
      '',
      '| Message | Key |',
      '| ------- | --- |',
      ...rows,
    ].join('\n');
  });
  const page = `<!-- Written by scripts/troubleshooting.mjs from the message catalogs; do not edit. -->

# Troubleshooting

Every refusal, error and warning of the package, by where it comes from, as it reads. Each names
what is wrong and what to do. What a message puts in from the case at hand (a tool's name, an
option's value, a limit) is shown as \`‹name›\`, a part said only in some cases as \`[…]\`, and
\`a | b\` is one of two wordings.

- **\`Snodo: …\`** messages stop the app at bootstrap (an option, a component definition, a
  decorator), or are logged as warnings under the \`Snodo\` context when the app can go on. Fix
  what they name; a misspelled option says which one it takes it for.
- **Other messages** are what a client is answered: the \`message\` of a JSON-RPC error (with its
  code and HTTP status, see docs/security.md and docs/authorization.md), or the text of a tool's
  \`isError\` result. They never echo argument values.

${sections.join('\n\n')}
`;
  const options = (await prettier.resolveConfig(PAGE)) ?? {};
  return prettier.format(page, { ...options, filepath: PAGE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = await renderTroubleshooting();
  if (process.argv.includes('--check')) {
    const current = readFileSync(PAGE, 'utf8');
    if (current !== page) {
      console.error('docs/troubleshooting.md is out of date: run node scripts/troubleshooting.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(PAGE, page);
    console.log(`written: ${PAGE}`);
  }
}
