import type { Operation } from '../core/types.js';
import type { NearestOperation } from './journal.js';

/**
 * The operation an unmatched request was most likely meant for, as WireMock's near misses:
 * the one whose path differs in the fewest segments (a template segment matches anything),
 * a same-method one first, and what did not match.
 */
export function findNearest(operations: readonly Operation[], method: string, path: string): NearestOperation | undefined {
  const all = path.split('/').filter(Boolean);
  let best: { op: Operation; score: number } | undefined;
  for (const op of operations) {
    const wanted = op.path.split('/').filter(Boolean);
    // the spec's paths may start under the API's prefix (/rest/<store>): align on its first segment
    const start = all.indexOf(wanted[0]);
    const given = start > 0 ? all.slice(start) : all;
    let score = Math.abs(wanted.length - given.length) * 3;
    for (let i = 0; i < Math.min(wanted.length, given.length); i++) {
      if (wanted[i].startsWith('{') || wanted[i] === given[i]) continue;
      score += wanted[i].toLowerCase() === given[i].toLowerCase() ? 1 : 2 + measureDistance(wanted[i], given[i]) / 10;
    }
    if (op.method !== method) score += 1.5;
    if (!best || score < best.score) best = { op, score };
  }
  if (!best) return undefined;
  const { op } = best;
  const wantedPath = op.path;
  const reasons: string[] = [];
  if (op.method !== method) reasons.push(`method ${method} (the operation is ${op.method})`);
  if (best.score - (op.method !== method ? 1.5 : 0) > 0) reasons.push(`path ${path} (the operation's is ${wantedPath})`);
  return {
    operationId: op.operationId,
    method: op.method,
    path: wantedPath,
    mismatch: reasons.join('; ') || 'nothing: another check refused it first',
  };
}

/** Levenshtein distance, for close spellings (`custmers`). */
function measureDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return row[b.length];
}
