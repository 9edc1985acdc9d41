import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';
import { matrixStatus } from './matrix-status.js';

export interface JsonReportMeta {
  target: string;
  bases: Record<string, string[]>;
  startedAt: string;
  durationMs: number;
  options: Record<string, unknown>;
  /** how many requests the run sent (a user spec's run, which has a budget) */
  requests?: number;
  /** what the run left out on purpose, in words (methods not sent to a server that is not authmock) */
  notes?: string[];
}

/**
 * The whole run as data: options, totals, scores per operation, every case with its
 * checks; a matrix cell also says the status it got (`got`, null when no answer came),
 * so two runs' matrices compare cell by cell (`authmock check diff`).
 */
export function renderJson(results: readonly CaseResult[], summary: Summary, meta: JsonReportMeta): string {
  const report = {
    tool: 'authmock check',
    ...meta,
    passed: summary.cases.failed === 0,
    totals: { cases: summary.cases, checks: summary.checks },
    operations: summary.operations,
    skipped: summary.skipped,
    cases: results.map((r) => ({
      ...r,
      ...(r.matrix ? { matrix: { ...r.matrix, got: matrixStatus(r) ?? null } } : {}),
      ms: Math.round(r.ms * 10) / 10,
    })),
  };
  return JSON.stringify(report, null, 2) + '\n';
}
