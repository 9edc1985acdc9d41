import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintInProcess, repoRoot } from './run-lint.js';

// docs/lint.md shows the Petstore's report in both modes: what the command prints, or the doc is wrong.
const doc = readFileSync(join(repoRoot, 'docs', 'lint.md'), 'utf8');

/** The output under `<!-- lint-output: <mode> -->`: the fenced block's lines after its `$ npx authmock lint ...` line. */
function shown(mode: string): { args: string[]; lines: string[] } {
  const block = new RegExp(`<!-- lint-output: ${mode} -->\\n\`\`\`console\\n\\$ npx authmock lint ([^\\n]+)\\n([\\s\\S]*?)\\n\`\`\``).exec(
    doc,
  );
  if (!block) throw new Error(`docs/lint.md has no lint-output block for ${mode}`);
  return { args: block[1].split(' '), lines: block[2].split('\n') };
}

const printed = async (args: string[]) => (await lintInProcess(args)).stdout.replace(/\n+$/, '').split('\n');

describe("docs/lint.md shows the Petstore's reports as the command prints them", () => {
  test('by default: the whole report', async () => {
    const { args, lines } = shown('default');
    expect(args).not.toContain('--owasp');
    expect(lines).toEqual(await printed(args));
    expect(lines.some((l) => l.includes('owasp:'))).toBe(false);
  });

  test('with --owasp: its first and last lines, the summary included', async () => {
    const { args, lines } = shown('--owasp');
    expect(args).toContain('--owasp');
    const gap = lines.indexOf('  ⋮');
    const real = await printed(args);
    expect(lines.slice(0, gap)).toEqual(real.slice(0, gap));
    expect(lines.slice(gap + 1)).toEqual(real.slice(real.length - (lines.length - gap - 1)));
    expect(real.some((l) => l.includes('owasp:'))).toBe(true);
  });
});
