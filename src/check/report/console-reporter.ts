import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';

type Paint = (s: string) => string;

interface Palette {
  green: Paint;
  red: Paint;
  yellow: Paint;
  dim: Paint;
  bold: Paint;
}

const ansi =
  (code: number): Paint =>
  (s) =>
    `\u001b[${code}m${s}\u001b[0m`;
const plain: Paint = (s) => s;

/** Colours only on a terminal, and never with NO_COLOR set. */
export function pickPalette(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Palette {
  const on = !!stream.isTTY && !env.NO_COLOR;
  return on
    ? { green: ansi(32), red: ansi(31), yellow: ansi(33), dim: ansi(2), bold: ansi(1) }
    : { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
}

/** One line per case as it finishes; a failed case lists its failed checks under it. */
export function formatCase(r: CaseResult, p: Palette): string {
  const where = p.dim(`${r.api} ${r.operationId}`);
  if (r.status === 'skipped') return `  ${p.yellow('-')} ${where}  ${r.title} ${p.dim('(skipped)')}\n`;
  const passed = r.checks.filter((c) => c.passed).length;
  const mark = r.status === 'passed' ? p.green('✓') : p.red('✗');
  const counts = p.dim(`${passed}/${r.checks.length}`);
  let out = `  ${mark} ${where}  ${r.title}  ${counts}\n`;
  for (const c of r.checks.filter((x) => !x.passed)) {
    out += `      ${p.red(c.name)}  ${p.dim(c.step)}\n        ${c.message}\n`;
  }
  return out;
}

/** Scores per operation, skip reasons, what the run left out on purpose, totals (and the requests sent, where counted). */
export function formatSummary(
  summary: Summary,
  p: Palette,
  meta: { durationMs: number; reports: string[]; requests?: number; notes?: readonly string[] },
): string {
  const lines: string[] = ['', p.bold('Conformance per operation (passed/total checks)')];
  const width = Math.max(...summary.operations.map((o) => `${o.api} ${o.operationId}`.length), 10);
  for (const o of summary.operations) {
    const name = `${o.api} ${o.operationId}`.padEnd(width);
    const score = o.score === null ? '   -  ' : `${o.score.toFixed(1).padStart(5)}%`;
    const paint = o.score === 100 ? p.green : o.score === null ? p.dim : p.red;
    const skipped = o.skippedCases ? p.dim(`  (${o.skippedCases} cases skipped)`) : '';
    lines.push(`  ${name}  ${paint(score)}  ${String(o.passed).padStart(4)}/${String(o.total).padEnd(4)} ${o.method} ${o.path}${skipped}`);
  }
  if (summary.skipped.length > 0) {
    lines.push('', p.bold('Skipped'));
    for (const s of summary.skipped) lines.push(`  ${String(s.cases.length).padStart(3)} cases: ${s.reason}`);
  }
  for (const note of meta.notes ?? []) lines.push('', p.yellow(note));
  const { cases, checks } = summary;
  const verdict = cases.failed === 0 ? p.green('PASS') : p.red('FAIL');
  const requests = meta.requests === undefined ? '' : `, ${meta.requests} requests`;
  lines.push(
    '',
    `${verdict}  ${cases.passed} cases passed, ${cases.failed} failed, ${cases.skipped} skipped; ` +
      `${checks.passed}/${checks.total} checks passed (${(meta.durationMs / 1000).toFixed(1)} s${requests})`,
  );
  for (const r of meta.reports) lines.push(p.dim(`report: ${r}`));
  return lines.join('\n') + '\n';
}
