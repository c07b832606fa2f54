/**
 * esbuild renames the inner name of a class expression assigned to a variable of the same name:
 * `let SnodoModule = class SnodoModule {}` (tsc's output for a decorated class) becomes
 * `var SnodoModule = class SnodoModule2 {}`, and a class that names itself in its body becomes
 * `var SnodoError = class _SnodoError {}`. The class's `name` is then "SnodoModule2" or
 * "_SnodoError", in Nest's logs, in errors and to whoever reads it. This puts the names back:
 * - `X2` (digits) where that name is used nowhere else in the file (else it throws);
 * - `_X` everywhere in the file: esbuild makes that name for the class's references to itself,
 *   which then bind to the class's own name, the same class.
 * esbuild's keepNames would fix the names too, but by naming every function and closure as it is
 * made, on the hot path as well.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const RENAMED = /\b(var|let|const) ([A-Za-z_$][\w$]*) = class (_\2|\2\d+)\b/g;
const word = (name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');

/** Restores the class names esbuild changed in one file; returns how many. */
export function restoreClassNames(file) {
  let text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(RENAMED)];
  for (const [, , name, renamed] of found) {
    if (renamed.startsWith('_')) {
      text = text.replace(word(renamed), name);
      continue;
    }
    if (text.match(word(renamed)).length !== 1)
      throw new Error(`${file}: the class ${name} was renamed ${renamed}, and that name is used`);
    text = text.replace(word(renamed), name);
  }
  if (found.length > 0) writeFileSync(file, text);
  return found.length;
}
