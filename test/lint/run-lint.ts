import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { runLint } from '../../src/lint/lint-command.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturesDir = join(repoRoot, 'test', 'lint', 'fixtures');

/** A writable that keeps what is written. */
export function captureStream(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

export interface LintRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `authmock lint <argv>` in-process, with relative paths starting at cwd. */
export async function lintInProcess(argv: string[], cwd = repoRoot): Promise<LintRun> {
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await runLint(argv, { stdout, stderr, cwd, root: repoRoot });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

export interface Finding {
  code: string;
  message: string;
  severity: number;
  source: string;
  path: (string | number)[];
  range: { start: { line: number; character: number } };
}

/** Lints files with the JSON format and returns the findings. */
export async function lintFindings(files: string[], extra: string[] = []): Promise<{ code: number; findings: Finding[]; stderr: string }> {
  const run = await lintInProcess([...files, '--format', 'json', ...extra]);
  return { code: run.code, findings: run.code === 2 ? [] : (JSON.parse(run.stdout) as Finding[]), stderr: run.stderr };
}
