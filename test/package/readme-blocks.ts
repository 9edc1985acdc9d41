import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/make-app.js';

const run = promisify(execFile);

/** A fenced block of the README: its language and lines. */
export interface Block {
  lang: string;
  lines: string[];
}

/** The fenced blocks of one `## ` section of the README, in order. */
export function readmeBlocks(section: string): Block[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README has no section "${section}"`);
  const end = text.indexOf('\n## ', start + 1);
  const body = text.slice(start, end < 0 ? undefined : end);
  return [...body.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, lines: m[2]!.replace(/\n$/, '').split('\n') }));
}

/** A command of a shell block and the output lines the README shows after it (its `# ` lines). */
export interface Step {
  command: string;
  expected: string[];
}

/** A shell block's commands, each with the answer the README shows under it. */
export function stepsOf(block: Block): Step[] {
  const steps: Step[] = [];
  for (const line of block.lines) {
    if (line.startsWith('# ')) steps.at(-1)?.expected.push(line.slice(2));
    else if (line.trim()) steps.push({ command: line, expected: [] });
  }
  // a line continued on the next (a trailing backslash) is one command, as bash reads it
  return steps.reduce<Step[]>((out, s) => {
    const last = out.at(-1);
    if (last && /\\\s*$/.test(last.command)) last.command = `${last.command}\n${s.command}`;
    else out.push(s);
    return out;
  }, []);
}

/**
 * An expected line as a pattern: `…` stands for anything, a time and an authmock token for any
 * time and token (they differ on every run), and what follows three spaces is the README's
 * commentary, not output.
 */
export function patternOf(expected: string): RegExp {
  const shown = expected.split(/ {3,}/)[0]!.trim();
  const parts = shown.split(/(…|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z|\d\d:\d\d:\d\d\.\d{3}|amk_[A-Za-z0-9_-]+)/);
  const source = parts
    .map((p, i) => {
      if (i % 2 === 0) return p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (p === '…') return '.*';
      if (p.startsWith('amk_')) return 'amk_[A-Za-z0-9_-]+';
      return p.includes('T') ? '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z' : '\\d\\d:\\d\\d:\\d\\d\\.\\d{3}';
    })
    .join('');
  return new RegExp(source);
}

/** The expected lines that no output line matches, in order (each after the previous match). */
export function missingLines(output: string, expected: readonly string[]): string[] {
  const lines = output.split(/\r?\n/);
  const missing: string[] = [];
  let at = 0;
  for (const e of expected) {
    const pattern = patternOf(e);
    const found = lines.findIndex((l, i) => i >= at && pattern.test(l));
    if (found < 0) missing.push(e);
    else at = found + 1;
  }
  return missing;
}

/** Runs a block's steps in one bash, in `cwd`, as a reader pastes them; answers each step's output. */
export async function runSteps(steps: readonly Step[], cwd: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const marker = '@@authmock-readme-step@@';
  const script = ['set -u', ...steps.flatMap((s) => [s.command, `echo; echo ${marker}`])].join('\n');
  const { stdout } = await run('bash', ['-c', script], { cwd, env, timeout: 60_000, encoding: 'utf8' });
  return stdout.split(`${marker}\n`).slice(0, steps.length);
}
