import type { CaseResult } from '../case-types.js';
import type { ApiModel } from '../spec-model.js';

export interface OperationScore {
  api: string;
  operationId: string;
  method: string;
  path: string;
  passed: number;
  total: number;
  /** passed / total in percent, one decimal; null when nothing was checked */
  score: number | null;
  skippedCases: number;
}

export interface Summary {
  cases: { total: number; passed: number; failed: number; skipped: number };
  checks: { total: number; passed: number; failed: number };
  operations: OperationScore[];
  skipped: { reason: string; cases: string[] }[];
}

/**
 * Totals and a conformance score per operation: the share of checks that passed, each
 * check counted for the operation whose answer it judged (flows span several).
 */
export function summarize(results: readonly CaseResult[], models: readonly ApiModel[]): Summary {
  const scores = new Map<string, OperationScore>();
  for (const model of models) {
    for (const { op } of model.operations) {
      scores.set(`${op.api}.${op.operationId}`, {
        api: op.api,
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        passed: 0,
        total: 0,
        score: null,
        skippedCases: 0,
      });
    }
  }
  const skipped = new Map<string, string[]>();
  let checksPassed = 0;
  let checksTotal = 0;
  for (const r of results) {
    if (r.status === 'skipped') {
      const s = scores.get(`${r.api}.${r.operationId}`);
      if (s) s.skippedCases++;
      skipped.set(r.skipReason!, [...(skipped.get(r.skipReason!) ?? []), r.id]);
    }
    for (const c of r.checks) {
      checksTotal++;
      if (c.passed) checksPassed++;
      const s = scores.get(`${c.api}.${c.operationId}`);
      if (!s) continue;
      s.total++;
      if (c.passed) s.passed++;
    }
  }
  for (const s of scores.values()) s.score = s.total ? Math.round((s.passed / s.total) * 1000) / 10 : null;
  const count = (status: CaseResult['status']) => results.filter((r) => r.status === status).length;
  return {
    cases: { total: results.length, passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    checks: { total: checksTotal, passed: checksPassed, failed: checksTotal - checksPassed },
    operations: [...scores.values()].filter((s) => s.total > 0 || s.skippedCases > 0),
    skipped: [...skipped.entries()].map(([reason, cases]) => ({ reason, cases })),
  };
}
