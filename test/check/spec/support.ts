import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCheckCommand } from '../../../src/check/check-command.js';
import type { CheckFlags } from '../../../src/check/check-flags.js';
import { ROOT } from '../support.js';

export { ROOT };
export const SPECS = join(ROOT, 'test', 'byo', 'specs');
export const PETSTORE = join(ROOT, 'test', 'byo', 'petstore', 'petstore.openapi.yaml');

/** A matrix cell of the JSON report, as the tests read it. */
export interface ReportCell {
  id: string;
  api: string;
  operationId: string;
  status: 'passed' | 'failed' | 'skipped';
  skipReason?: string;
  matrix: { caller: string; expected: string | number; got: number | null };
  checks: { name: string; passed: boolean; message?: string; step: string }[];
}

export interface SpecRun {
  code: number;
  stdout: string;
  stderr: string;
  report: {
    passed: boolean;
    requests: number;
    notes?: string[];
    durationMs: number;
    options: Record<string, unknown>;
    totals: { cases: { total: number; passed: number; failed: number; skipped: number } };
    cases: ReportCell[];
  };
  /** the report's text, for looking for secrets */
  text: string;
  dir: string;
}

/** `authmock check --spec ... --json <file>` in-process; flags as the CLI would pass them. */
export async function checkSpecs(flags: Partial<CheckFlags> & { spec: string[] }, env: NodeJS.ProcessEnv = {}): Promise<SpecRun> {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-spec-check-'));
  const json = join(dir, 'report.json');
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const all: CheckFlags = {
    api: 'all',
    builtinSpecs: join(ROOT, 'specs'),
    lockout: true,
    lockoutAttempts: '6',
    timeout: '10000',
    maxRequests: '2000',
    quiet: true,
    json,
    ...flags,
  };
  const code = await runCheckCommand(ROOT, all, { stdout, stderr, env: { NO_COLOR: '1', ...env } });
  let text = '';
  try {
    text = readFileSync(json, 'utf8');
  } catch {
    // no report: a usage error or an unreachable target
  }
  return { code, stdout: out, stderr: err, report: text ? JSON.parse(text) : undefined, text, dir };
}

/** The ids of the failed cells, sorted. */
export function failedCells(run: SpecRun): string[] {
  return run.report.cases
    .filter((c) => c.status === 'failed')
    .map((c) => c.id)
    .sort();
}

/** One cell by operation and column. */
export function cell(run: SpecRun, api: string, operationId: string, column: string): ReportCell {
  const found = run.report.cases.find((c) => c.api === api && c.operationId === operationId && c.matrix.caller === column);
  if (!found) throw new Error(`no cell ${api} ${operationId} ${column}`);
  return found;
}

/** A file in a fresh temporary directory. */
export function writeTemp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'authmock-spec-check-')), name);
  writeFileSync(file, text);
  return file;
}
