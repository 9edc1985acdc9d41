import type { CaseResult, CheckResult } from '../case-types.js';
import type { Summary } from './summarize.js';
import type { Cause, FailureGroup } from './group-failures.js';

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

/** Who a failed check asks to change, as a failed cell says it. */
const CAUSE_WORDS: Record<Cause, string> = { spec: "the spec's: it contradicts itself", server: "the server's: it broke the spec" };

/** One line per case as it finishes; a failed case lists its failed checks under it, each with its cause when one is given. */
export function formatCase(r: CaseResult, p: Palette, cause?: (check: CheckResult) => Cause): string {
  const where = p.dim(`${r.api} ${r.operationId}`);
  if (r.status === 'skipped') return `  ${p.yellow('-')} ${where}  ${r.title} ${p.dim('(skipped)')}\n`;
  const passed = r.checks.filter((c) => c.passed).length;
  const mark = r.status === 'passed' ? p.green('✓') : p.red('✗');
  const counts = p.dim(`${passed}/${r.checks.length}`);
  let out = `  ${mark} ${where}  ${r.title}  ${counts}\n`;
  for (const c of r.checks.filter((x) => !x.passed)) {
    const whose = cause ? `  ${p.yellow(`[${CAUSE_WORDS[cause(c)]}]`)}` : '';
    out += `      ${p.red(c.name)}  ${p.dim(c.step)}${whose}\n        ${c.message}\n`;
  }
  return out;
}

/** Scores per operation, skip reasons, what the run left out on purpose, totals (and the requests sent, where counted). */
export function formatSummary(
  summary: Summary,
  p: Palette,
  meta: { durationMs: number; reports: string[]; requests?: number; notes?: readonly string[]; failures?: readonly FailureGroup[] },
): string {
  const lines: string[] = [...formatFailureGroups(meta.failures ?? [], p), '', p.bold('Conformance per operation (passed/total checks)')];
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

/** Operations a finding names before "and N more". */
const FIRST_OPERATIONS = 3;

/** The failed checks as findings, the spec's first: each once, with its count and its first operations. */
export function formatFailureGroups(groups: readonly FailureGroup[], p: Palette): string[] {
  if (groups.length === 0) return [];
  const lines: string[] = [];
  for (const cause of ['spec', 'server'] as const) {
    const mine = groups.filter((g) => g.cause === cause);
    if (mine.length === 0) continue;
    const failures = mine.reduce((n, g) => n + g.count, 0);
    const heading =
      cause === 'spec'
        ? `The spec contradicts itself (${failures} failed checks, ${mine.length} findings): fix the spec`
        : `The server broke the spec (${failures} failed checks, ${mine.length} findings)`;
    lines.push('', p.bold(heading));
    for (const g of mine) {
      const more = g.operations.length > FIRST_OPERATIONS ? `, and ${g.operations.length - FIRST_OPERATIONS} more` : '';
      lines.push(`  ${p.red(`${String(g.count).padStart(4)} ×`)} ${g.name}: ${g.message}`);
      lines.push(`         ${p.dim(`in ${g.operations.slice(0, FIRST_OPERATIONS).join(', ')}${more}`)}`);
    }
  }
  return lines;
}
