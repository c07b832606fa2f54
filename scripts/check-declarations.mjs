#!/usr/bin/env node
/**
 * Type-checks the declarations the package ships (dist/ and dist/cjs/), on their own and strictly,
 * as an app's compiler reads them with `skipLibCheck: false`. The build strips every declaration
 * tagged `@internal` (`stripInternal`): this fails when a shipped declaration still names one,
 * which would break the types of the apps that reach it. It reports names that do not resolve
 * (not how a CommonJS app may load Nest 12, which ships ES modules only: the consumer apps test
 * that). Needs `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Diagnostics of a name that does not resolve: no such export, name or module. */
const DANGLING = new Set([2304, 2305, 2307, 2459, 2460, 2552, 2614, 2694, 2724]);
let failed = false;
for (const build of ['dist', join('dist', 'cjs')]) {
  const folder = join(root, build);
  if (!existsSync(join(folder, 'index.d.ts'))) {
    throw new Error(`${build}/index.d.ts is missing: run npm run build first`);
  }
  const files = ts.sys.readDirectory(folder, ['.d.ts'], ['**/assets/**'], ['**/*.d.ts']);
  const program = ts.createProgram(files, {
    module: build === 'dist' ? ts.ModuleKind.NodeNext : ts.ModuleKind.Node16,
    moduleResolution:
      build === 'dist' ? ts.ModuleResolutionKind.NodeNext : ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => DANGLING.has(d.code))
    .filter((d) => d.file === undefined || d.file.fileName.startsWith(folder));
  for (const problem of problems) {
    const where =
      problem.file === undefined
        ? ''
        : `${problem.file.fileName.slice(root.length + 1)}(${problem.file.getLineAndCharacterOfPosition(problem.start ?? 0).line + 1}): `;
    console.error(`${where}${ts.flattenDiagnosticMessageText(problem.messageText, '\n')}`);
  }
  console.log(`declarations: ${build}: ${files.length} files, ${problems.length} problems`);
  failed ||= problems.length > 0;
}
if (failed) process.exit(1);
