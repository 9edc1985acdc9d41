import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectFile, readProjectRefRoots } from './project-file.js';

function projectWith(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-project-'));
  writeFileSync(join(dir, 'authmock.yaml'), text);
  return dir;
}

describe("the project file's refRoots", () => {
  it('reads folders relative to the project file, for serve and for the other commands', () => {
    const dir = projectWith('specs: []\nrefRoots: [shared, /abs/schemas]\n');
    expect(readProjectFile(join(dir, 'authmock.yaml'), []).refRoots).toEqual([join(dir, 'shared'), '/abs/schemas']);
    expect(readProjectRefRoots(dir)).toEqual([join(dir, 'shared'), '/abs/schemas']);
  });

  it('refuses refRoots that is not a list of paths, naming the key', () => {
    expect(() => readProjectFile(join(projectWith('refRoots: shared\n'), 'authmock.yaml'), [])).toThrow(/refRoots must be a list/);
    expect(() => readProjectFile(join(projectWith('refRoots: [3]\n'), 'authmock.yaml'), [])).toThrow(/refRoots\[0\] must be a path/);
  });

  it('is none without a project file', () => {
    expect(readProjectRefRoots(mkdtempSync(join(tmpdir(), 'authmock-none-')))).toEqual([]);
  });
});
