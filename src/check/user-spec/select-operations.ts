import type { Operation } from '../../core/types.js';
import { UsageError } from '../../core/usage-error.js';
import type { UserSpec } from './load-user-specs.js';

export interface Selection {
  /** operationIds or tags to check; empty: all */
  only: readonly string[];
  /** operationIds or tags to leave out */
  skip: readonly string[];
}

/** Methods that change nothing on a server that keeps to HTTP's semantics (RFC 9110 §9.2.1). */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The operations `--only` and `--skip` leave, by operationId or tag (a value may list
 * several, comma-separated). A name no spec has is a usage error: a typo would otherwise
 * quietly check everything, or nothing.
 */
export function selectOperations(specs: readonly UserSpec[], selection: Selection): Map<string, Operation[]> {
  const only = splitNames(selection.only);
  const skip = splitNames(selection.skip);
  const known = new Set(specs.flatMap((s) => s.model.operations.flatMap((op) => [op.operationId, ...(s.tags.get(op.operationId) ?? [])])));
  for (const [flag, names] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const unknown = names.find((n) => !known.has(n));
    if (unknown) throw new UsageError(`${flag} ${unknown}: no operationId or tag of the specs is called so`);
  }
  const out = new Map<string, Operation[]>();
  for (const spec of specs) {
    const named = (op: Operation, names: string[]) => names.some((n) => n === op.operationId || spec.tags.get(op.operationId)?.includes(n));
    out.set(
      spec.name,
      spec.model.operations.filter((op) => (only.length === 0 || named(op, only)) && !named(op, skip)),
    );
  }
  return out;
}

function splitNames(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
