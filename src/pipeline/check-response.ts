import type { ValidateFunction } from 'ajv';
import type { HandlerResult, MediaValidators, Operation } from '../core/types.js';

export interface ResponseViolation {
  api: string;
  operationId: string;
  status: number;
  problems: string[];
}

/** The responses an operation declares for a status: the exact code, then its range (`4XX`), then `default`. */
export function declaredResponse(op: Operation, status: number): MediaValidators | undefined {
  return op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`) ?? op.responses.get('default');
}

/**
 * Every answer is checked against the spec before it leaves: its status must be declared
 * and its body must match the declared schema (JSON's, else the first media type's, or the
 * one the answer names). `check` validates, and may remember what passed (fixed-memo.ts).
 */
export function findViolation(
  op: Operation | undefined,
  result: HandlerResult,
  check: (validate: ValidateFunction, value: unknown) => boolean = (v, value) => v(value) as boolean,
): ResponseViolation | undefined {
  if (!op) return undefined; // routing errors belong to no operation
  const declared = declaredResponse(op, result.status);
  const named = result.headers?.['Content-Type']?.split(';')[0].trim().toLowerCase();
  // authmock's own problem+json, for what the spec does not describe (a 401 it declares no body for)
  if (named === 'application/problem+json' && !declared?.byType.has(named)) return undefined;
  const base = { api: op.api, operationId: op.operationId, status: result.status };
  if (!declared) return { ...base, problems: [`status ${result.status} is not declared`] };
  const validate =
    (named && declared.byType.get(named)) || declared.byType.get('application/json') || declared.byType.values().next().value;
  if (!validate || check(validate, result.body)) return undefined;
  return {
    ...base,
    problems: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`),
  };
}
