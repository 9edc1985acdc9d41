import { deref, loadSpec, type LoadedSpec } from '../spec/load-spec.js';
import { resolvePointer } from '../spec/json-pointer.js';
import type { Operation } from '../core/types.js';

/** The examples a status of an operation declares: the unnamed one first, then by name. */
export interface StatusExamples {
  /** the default example (`example`, or the first of `examples`) */
  first?: unknown;
  named: Record<string, unknown>;
}

/**
 * Reads the examples of every response of an operation from its spec, once per spec and
 * only when steering first needs them (start-up keeps only the 2xx example).
 */
export function createExampleIndex(specPathOf: (api: string) => string | undefined) {
  const specs = new Map<string, LoadedSpec>();
  const specOf = (api: string): LoadedSpec | undefined => {
    const path = specPathOf(api);
    if (!path) return undefined;
    let spec = specs.get(api);
    if (!spec) specs.set(api, (spec = loadSpec(path)));
    return spec;
  };
  return function examplesOf(op: Operation, status: number): StatusExamples | undefined {
    const spec = specOf(op.api);
    if (!spec) return undefined;
    const raw = resolvePointer(spec.doc, op.pointer) as { responses?: Record<string, unknown> } | undefined;
    const entry = raw?.responses?.[String(status)] ?? raw?.responses?.default;
    if (!entry) return undefined;
    const response = deref(spec, entry, op.pointer, op.operationId) as { content?: Record<string, any> };
    const media = response?.content?.['application/json'] ?? Object.values<any>(response?.content ?? {})[0];
    const named: Record<string, unknown> = {};
    for (const [name, ex] of Object.entries<any>(media?.examples ?? {})) {
      const value = deref(spec, ex, op.pointer, op.operationId);
      if (value && 'value' in value) named[name] = value.value;
    }
    const first = media?.example !== undefined ? media.example : Object.values(named)[0];
    return { first, named };
  };
}

export type ExamplesOf = ReturnType<typeof createExampleIndex>;
