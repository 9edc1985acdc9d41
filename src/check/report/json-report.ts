import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';

export interface JsonReportMeta {
  target: string;
  bases: Record<string, string[]>;
  startedAt: string;
  durationMs: number;
  options: Record<string, unknown>;
}

/** The whole run as data: options, totals, scores per operation, every case with its checks. */
export function renderJson(results: readonly CaseResult[], summary: Summary, meta: JsonReportMeta): string {
  const report = {
    tool: 'authmock check',
    ...meta,
    passed: summary.cases.failed === 0,
    totals: { cases: summary.cases, checks: summary.checks },
    operations: summary.operations,
    skipped: summary.skipped,
    cases: results.map((r) => ({ ...r, ms: Math.round(r.ms * 10) / 10 })),
  };
  return JSON.stringify(report, null, 2) + '\n';
}
