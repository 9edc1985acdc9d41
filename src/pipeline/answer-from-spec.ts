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
  const status = answeringStatus(op);
  const media = status === undefined ? undefined : op.responses.get(status);
  const type = media && (media.schemaAt.has('application/json') ? 'application/json' : media.schemaAt.keys().next().value);
  if (status === undefined || type === undefined) return { status: status === undefined ? 200 : Number(status), body: undefined };
  // a fresh body (`Prefer: dynamic=true`) is made for this request alone: a copy, never the memo's
  const body = sample(op, status, type, request);
  return { status: Number(status), body: request?.fresh ? body : keep(body) };
}

/** The status an operation without a handler answers: its example's, else the lowest 2xx with a schema, else the lowest 2xx. */
export function answeringStatus(op: Operation): string | undefined {
  if (op.example) return String(op.example.status);
  const statuses = [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort();
  return statuses.find((s) => op.responses.get(s)!.schemaAt.size > 0) ?? statuses[0];
}

/** Whether a request's `Prefer` asks for a body made afresh (`dynamic=true`, as Prism reads it). */
export function wantsFreshBody(prefer: string | string[] | undefined): boolean {
  return prefer !== undefined && /\bdynamic=true\b/i.test(String(prefer));
}
