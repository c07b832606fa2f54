import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;
const REVISION = /\b20\d\d-\d\d-\d\d\b/;
const REVISION_HOME = 'lib/core/wire/protocol-version.ts';
const BUILTIN_ERRORS = new Set(['Error', 'TypeError', 'RangeError']);
/** The `SnodoError` factories whose first argument is the message (`resourceNotFound` takes a URI). */
const SNODO_ERROR_FACTORIES = new Set([
  'unauthorized',
  'forbidden',
  'insufficientScope',
  'parseError',
  'invalidRequest',
  'methodNotFound',
  'invalidParams',
  'internal',
]);

interface Import {
  readonly specifier: string;
  readonly line: number;
  /** Where a relative specifier points (root-relative, posix); undefined for a bare one. */
  readonly target: string | undefined;
}

interface Source {
  /** Root-relative posix path, e.g. `lib/core/index.ts`. */
  readonly path: string;
  readonly text: string;
  readonly ast: ts.SourceFile;
  readonly imports: readonly Import[];
}

/** Every non-spec `.ts` file under lib/, root-relative with posix separators, sorted. */
function libFiles(): string[] {
  return readdirSync(resolve(root, 'lib'), { recursive: true, encoding: 'utf8' })
    .map((file) => `lib/${file.split('\\').join('/')}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .sort();
}

const lineOf = (ast: ts.SourceFile, position: number): number =>
  ast.getLineAndCharacterOfPosition(position).line + 1;

function visit(node: ts.Node, callback: (node: ts.Node) => void): void {
  callback(node);
  ts.forEachChild(node, (child) => visit(child, callback));
}

/** The module specifier a node imports from, if it is an import of any kind. */
function specifierOf(node: ts.Node): ts.Expression | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return node.moduleSpecifier;
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
    return node.moduleReference.expression;
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
    return node.arguments[0];
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
    return node.argument.literal;
  return undefined;
}

/** `./x.js` → `lib/…/x.ts`, or `lib/…/x/index.ts` for a folder. */
function resolveRelative(from: string, specifier: string, known: ReadonlySet<string>): string {
  const base = posix.join(posix.dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    posix.join(base, 'index.ts'),
    base.replace(/\.js$/, '.d.ts'),
  ];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

function load(): Source[] {
  const paths = libFiles();
  const known = new Set(paths);
  return paths.map((path) => {
    const text = readFileSync(resolve(root, path), 'utf8');
    const ast = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const imports: Import[] = [];
    visit(ast, (node) => {
      const literal = specifierOf(node);
      if (!literal || !ts.isStringLiteralLike(literal)) return;
      const specifier = literal.text;
      imports.push({
        specifier,
        line: lineOf(ast, literal.getStart(ast)),
        target: specifier.startsWith('.') ? resolveRelative(path, specifier, known) : undefined,
      });
    });
    return { path, text, ast, imports };
  });
}

const sources = load();
const known = new Set(sources.map((source) => source.path));

/** Functions, methods, arrows, accessors and constructors that have a body. */
const isFunctionWithBody = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  (ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node) ||
    ts.isConstructorDeclaration(node)) &&
  node.body !== undefined;

/** A readable name for a function-like node. */
function nameOf(node: ts.FunctionLikeDeclaration, ast: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const prefix = ts.isGetAccessor(node) ? 'get ' : ts.isSetAccessor(node) ? 'set ' : '';
  if (node.name) return prefix + node.name.getText(ast);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  )
    return parent.name.getText(ast);
  return '<anonymous>';
}

/** Where a declaration begins, past its JSDoc and decorators. */
function declarationStart(node: ts.Node, ast: ts.SourceFile): number {
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  const last = decorators?.at(-1);
  if (!last) return node.getStart(ast);
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    ts.LanguageVariant.Standard,
    ast.text,
    undefined,
    last.end,
  );
  scanner.scan();
  return scanner.getTokenStart();
}

/** Strongly connected components of a graph (Tarjan), each sorted, in a stable order. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** True when an expression spells a message out inline (a literal, or built from one). */
function isInlineMessage(node: ts.Expression): boolean {
  if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) return true;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return isInlineMessage(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return isInlineMessage(node.left) || isInlineMessage(node.right);
  if (ts.isConditionalExpression(node))
    return isInlineMessage(node.whenTrue) || isInlineMessage(node.whenFalse);
  return false;
}

/**
 * The message argument of an error being made, if the node makes one: `new Error(message)` (and
 * the other built-in errors), `new SnodoError(code, message, …)`, `SnodoError.invalidParams(message)`
 * and the other factories that take a message.
 */
function messageArgument(
  node: ts.Node,
): { readonly call: string; readonly message: ts.Expression } | undefined {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
    const name = node.expression.text;
    const index = BUILTIN_ERRORS.has(name) ? 0 : name === 'SnodoError' ? 1 : -1;
    const message = index < 0 ? undefined : node.arguments?.[index];
    return message === undefined ? undefined : { call: `new ${name}`, message };
  }
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'SnodoError' &&
    SNODO_ERROR_FACTORIES.has(node.expression.name.text)
  ) {
    const message = node.arguments[0];
    return message === undefined
      ? undefined
      : { call: `SnodoError.${node.expression.name.text}`, message };
  }
  return undefined;
}

/** A parameter default that spells a message out inline, in a function that makes errors. */
const isInlineDefault = (node: ts.Node): node is ts.ParameterDeclaration =>
  ts.isParameter(node) &&
  node.initializer !== undefined &&
  ts.isIdentifier(node.name) &&
  node.name.text === 'message' &&
  isInlineMessage(node.initializer);

const isMessageCatalog = (path: string): boolean =>
  path.endsWith('.messages.ts') || basename(path) === 'messages.constant.ts';

/** Where requests are served: a copy there is made per request. */
const REQUEST_PATH = /^lib\/(core\/(wire|protocol|router|results)|transports\/streamable-http)\//;
/** Bootstrap code under those folders: the router's registration runs once per component. */
const BOOTSTRAP_FILES = new Set(['lib/core/router/router-registration.ts']);

/** `{ ...x }` alone, through any `as` or parentheses around it. */
function soleSpread(node: ts.Expression | undefined): boolean {
  let inner = node;
  while (inner !== undefined && (ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner)))
    inner = inner.expression;
  return (
    inner !== undefined &&
    ts.isObjectLiteralExpression(inner) &&
    inner.properties.length === 1 &&
    ts.isSpreadAssignment(inner.properties[0]!)
  );
}

/** Whether `name` gets a property assigned or deleted somewhere in `scope`. */
function extendsLater(scope: ts.Node, name: string): boolean {
  let found = false;
  visit(scope, (node) => {
    const target =
      ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken
        ? node.left
        : ts.isDeleteExpression(node)
          ? node.expression
          : undefined;
    if (
      target !== undefined &&
      (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) &&
      ts.isIdentifier(target.expression) &&
      target.expression.text === name
    )
      found = true;
  });
  return found;
}

describe('Code shape', () => {
  it('should read every file in lib/', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(known.has(REVISION_HOME)).toBe(true);
  });

  it('should keep every file in lib/ within 400 lines', () => {
    const offenders = sources
      .map(({ path, text }) => ({ path, lines: text.replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ path, lines }) => `${path} (${lines} lines)`);
    expect(offenders).toEqual([]);
  });

  it('should keep every function in lib/ within 60 lines', () => {
    const offenders: string[] = [];
    for (const { path, ast } of sources)
      visit(ast, (node) => {
        if (!isFunctionWithBody(node)) return;
        const start = lineOf(ast, declarationStart(node, ast));
        const lines = lineOf(ast, node.end) - start + 1;
        if (lines > MAX_FUNCTION_LINES)
          offenders.push(`${path}:${start} ${nameOf(node, ast)} (${lines} lines)`);
      });
    expect(offenders).toEqual([]);
  });

  it('should have no import circles among the files of lib/', () => {
    const graph = new Map(
      sources.map(({ path, imports }) => [
        path,
        [
          ...new Set(
            imports.flatMap(({ target }) => (target && known.has(target) ? [target] : [])),
          ),
        ],
      ]),
    );
    const unresolved = sources.flatMap(({ path, imports }) =>
      imports
        .filter(({ target }) => target !== undefined && !known.has(target))
        .map(({ specifier, line }) => `${path}:${line} imports ${specifier}`),
    );
    const selfImports = sources.flatMap(({ path, imports }) =>
      imports
        .filter(({ target }) => target === path)
        .map(({ specifier, line }) => `${path}:${line} imports itself (${specifier})`),
    );
    const circles = stronglyConnected(graph)
      .filter((component) => component.length > 1)
      .map((component) => `circle of ${component.length}: ${component.join(', ')}`);
    expect(unresolved).toEqual([]);
    expect([...selfImports, ...circles]).toEqual([]);
  });

  it('should keep lib/redis within lib/redis and lib/core', () => {
    const offenders = sources
      .filter(({ path }) => path.startsWith('lib/redis/'))
      .flatMap(({ path, imports }) =>
        imports
          .filter(
            ({ target }) =>
              target !== undefined &&
              !target.startsWith('lib/redis/') &&
              !target.startsWith('lib/core/'),
          )
          .map(({ specifier, line }) => `${path}:${line} imports ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it('should import Nest packages only from their package root', () => {
    const offenders = sources.flatMap(({ path, imports }) =>
      imports
        .filter(({ specifier }) => /^@nestjs\/[^/]+\//.test(specifier))
        .map(({ specifier, line }) => `${path}:${line} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('should spell protocol revisions only in lib/core/wire/protocol-version.ts', () => {
    const offenders: string[] = [];
    for (const { path, ast } of sources.filter(({ path }) => path !== REVISION_HOME))
      visit(ast, (node) => {
        const text =
          ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) ? node.text : undefined;
        if (text !== undefined && REVISION.test(text))
          offenders.push(`${path}:${lineOf(ast, node.getStart(ast))} ${JSON.stringify(text)}`);
      });
    expect(offenders).toEqual([]);
  });

  it('should define getters in classes, never in object literals or with defineProperty', () => {
    // A getter of an object literal (or one added with Object.defineProperty) makes V8 allocate
    // its accessor pair in the old generation, where it keeps what the getter captures (a request,
    // its socket's buffers) alive until a full GC: docs/benchmarks.md measured a third of the
    // standalone throughput lost to one such getter per request.
    const offenders: string[] = [];
    for (const { path, ast } of sources)
      visit(ast, (node) => {
        const literalAccessor =
          (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) &&
          ts.isObjectLiteralExpression(node.parent);
        const defined =
          ts.isPropertyAccessExpression(node) &&
          node.name.text === 'defineProperty' &&
          ts.isCallExpression(node.parent) &&
          /\b(get|set)\s*[:(]/.test(node.parent.arguments[2]?.getText(ast) ?? '');
        if (literalAccessor || defined)
          offenders.push(
            `${path}:${lineOf(ast, node.getStart(ast))} ${node.getText(ast).slice(0, 40)}`,
          );
      });
    expect(offenders).toEqual([]);
  });

  it('should not give a spread copy more properties where requests are served', () => {
    // A copy made by spreading (`{ ...value }`) that then gets more properties, in the literal
    // (`{ ...value, ttlMs }`) or assigned afterwards, kept every request's result alive across
    // scavenges on Node 20: ~230 bytes promoted per resources/read, a quarter of its CPU time
    // (docs/benchmarks.md). Object.assign({}, value, { ttlMs }) makes the same object without it.
    const offenders: string[] = [];
    for (const { path, ast } of sources) {
      if (!REQUEST_PATH.test(path) || BOOTSTRAP_FILES.has(path)) continue;
      visit(ast, (node) => {
        const extendedLiteral =
          ts.isObjectLiteralExpression(node) &&
          node.properties.length > 1 &&
          ts.isSpreadAssignment(node.properties[0]!);
        const extendedCopy =
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          soleSpread(node.initializer) &&
          extendsLater(node.parent.parent.parent, node.name.text);
        if (extendedLiteral || extendedCopy)
          offenders.push(
            `${path}:${lineOf(ast, node.getStart(ast))} ${node.getText(ast).slice(0, 40)}`,
          );
      });
    }
    expect(offenders).toEqual([]);
  });

  it('should take error messages from the message catalogs, never inline', () => {
    // String literals and template literals alike, given to the built-in errors, to SnodoError's
    // constructor and factories, or as the default of a `message` parameter.
    const offenders: string[] = [];
    for (const { path, ast } of sources.filter(({ path }) => !isMessageCatalog(path)))
      visit(ast, (node) => {
        const line = lineOf(ast, node.getStart(ast));
        if (isInlineDefault(node)) {
          offenders.push(`${path}:${line} message = ${node.initializer!.getText(ast)}`);
          return;
        }
        const made = messageArgument(node);
        if (made === undefined || !isInlineMessage(made.message)) return;
        offenders.push(`${path}:${line} ${made.call}(${made.message.getText(ast)})`);
      });
    expect(offenders).toEqual([]);
  });

  it('should see inline messages in every form it forbids', () => {
    const sample = [
      "new Error('a');",
      'new TypeError(`b ${x}`);',
      'new SnodoError(1, `c`);',
      "SnodoError.invalidParams('d' + x);",
      'SnodoError.internal(x ? `e` : f);',
      "function g(message = 'h') {}",
      // Not messages: a catalog entry, a URI, a code.
      'new Error(MESSAGES.X);',
      'SnodoError.resourceNotFound(`mem://${x}`);',
      'new SnodoError(code, MESSAGES.Y(1));',
    ].join('\n');
    const ast = ts.createSourceFile('sample.ts', sample, ts.ScriptTarget.Latest, true);
    const found: number[] = [];
    visit(ast, (node) => {
      const made = messageArgument(node);
      if (isInlineDefault(node) || (made !== undefined && isInlineMessage(made.message)))
        found.push(lineOf(ast, node.getStart(ast)));
    });
    expect(found).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('should cite only documents of the repository and public addresses', () => {
    // A Markdown file named in lib/ must exist at that path from the repository root; notes that
    // live outside the repository (digests, seeds, style guides) are never cited.
    const offenders: string[] = [];
    for (const { path, text } of sources) {
      text.split('\n').forEach((line, index) => {
        for (const [cited] of line.matchAll(/(?<![\w/.:-])[\w.-]+(?:\/[\w.-]+)*\.md\b/g)) {
          if (!existsSync(resolve(root, cited))) offenders.push(`${path}:${index + 1} ${cited}`);
        }
        if (/\b(?:DIGEST|seeds?)\b/.test(line))
          offenders.push(`${path}:${index + 1} ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
