import type { HandlerResult } from '../core/types.js';
import type { Ctx } from './context.js';

export interface ResponseViolation {
  api: string;
  operationId: string;
  status: number;
  problems: string[];
}

/**
 * Every answer is checked against the spec before it leaves. A violation is our bug:
 * it is reported (log, and the test hook) and the client gets the API's own 500.
 */
export function findViolation(ctx: Ctx, result: HandlerResult): ResponseViolation | undefined {
  const op = ctx.op;
  if (!op) return undefined; // routing errors belong to no operation
  const declared = op.responses.get(String(result.status)) ?? op.responses.get('default');
  const base = { api: op.api, operationId: op.operationId, status: result.status };
  if (!declared) return { ...base, problems: [`status ${result.status} is not declared`] };
  const validate = declared.byType.get('application/json') ?? declared.byType.values().next().value;
  if (!validate || ctx.services.memo.validate(validate, result.body)) return undefined;
  return {
    ...base,
    problems: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`),
  };
}
