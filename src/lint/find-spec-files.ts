import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import fg from 'fast-glob';
import { LintError } from './lint-error.js';

/**
 * Turns the command's file arguments into absolute paths, in the order given. An
 * argument that names an existing file is taken as it is (even with glob characters in
 * its name); otherwise a glob must match at least one file.
 */
export function findSpecFiles(patterns: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const pattern of patterns) {
    const literal = resolve(cwd, pattern);
    if (existsSync(literal) || !fg.isDynamicPattern(pattern)) {
      files.push(literal);
      continue;
    }
    const matches = fg.sync(isAbsolute(pattern) ? pattern : pattern.replace(/\\/g, '/'), {
      cwd,
      absolute: true,
      onlyFiles: true,
      dot: false,
    });
    if (matches.length === 0) throw new LintError(`no file matches ${pattern}`);
    files.push(...matches.sort());
  }
  return [...new Set(files)];
}
