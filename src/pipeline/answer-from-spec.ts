import type { HandlerResult, Operation } from '../core/types.js';
import type { SampleOf, SampleRequest } from '../spec/samples.js';

/**
 * The answer of an operation without a handler: its lowest 2xx example, else a body made
 * from the lowest 2xx response's schema (JSON first), else that status with no body.
 * `keep` hands the spec's body out: a copy the caller may change, by default; the pipeline's
 * memo freezes it once instead and keeps its JSON text and check (run-request.ts). `request`
 * names the path parameters that pick a made body and whether `Prefer: dynamic=true` asked for a fresh one.
 */
export function answerFromSpec(
  op: Operation,
  sample: SampleOf,
  keep: <T>(body: T) => T = structuredClone,
  request?: SampleRequest,
): HandlerResult {
  if (op.example) return { status: op.example.status, body: keep(op.example.body) };
  const statuses = [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort();
  for (const status of statuses) {
    const media = op.responses.get(status)!;
    const type = media.schemaAt.has('application/json') ? 'application/json' : media.schemaAt.keys().next().value;
    if (type === undefined) continue;
    // a fresh body (`Prefer: dynamic=true`) is made for this request alone: a copy, never the memo's
    const body = sample(op, status, type, request);
    return { status: Number(status), body: request?.fresh ? body : keep(body) };
  }
  return { status: statuses.length ? Number(statuses[0]) : 200, body: undefined };
}
