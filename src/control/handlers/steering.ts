import type { Handler } from '../../pipeline/stages.js';
import type { Inspection } from '../../http/create-inspection.js';
import type { SteeringRule } from '../../steering/steering-rules.js';
import { buildRule, RuleError, type RuleInput } from '../../steering/build-rule.js';
import { controlError } from '../control-error.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Steering rules of the namespace (every instance's, on Redis): add (checked against the spec), list, remove. */
export function createSteeringHandlers(inspection: Inspection): Record<string, Handler> {
  const { rules } = inspection;
  return {
    async addSteeringRule(ctx) {
      let rule;
      try {
        rule = buildRule(ctx.body as RuleInput, inspection.operations, inspection.examplesOf, ctx.ns.now());
      } catch (err) {
        if (err instanceof RuleError) throw controlError(err.notFound ? 'NOT_FOUND' : 'BAD_REQUEST', err.message);
        throw err;
      }
      return { status: 201, body: showRule(await rules.add({ ns: ctx.ns.name, rule })) };
    },
    async listSteeringRules(ctx) {
      return { status: 200, body: (await rules.list({ ns: ctx.ns.name, now: ctx.ns.now() })).map(showRule) };
    },
    async deleteSteeringRule(ctx) {
      const id = String(ctx.pathParams.id);
      if (!(await rules.remove({ ns: ctx.ns.name, id }))) throw controlError('NOT_FOUND', `no steering rule ${id}`);
      return { status: 204, body: undefined };
    },
    async clearSteeringRules(ctx) {
      await rules.clear({ ns: ctx.ns.name });
      return { status: 204, body: undefined };
    },
  };
}

function showRule(r: SteeringRule): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: r.id,
    api: r.api,
    operationId: r.operationId,
    bypassAuth: r.bypassAuth,
    used: r.used,
    createdAt: iso(r.createdAt),
  };
  for (const key of ['username', 'userId', 'remaining', 'probability', 'status', 'example', 'fault'] as const) {
    if (r[key] !== undefined) view[key] = r[key];
  }
  if (r.token !== undefined) view.token = `${r.token.slice(0, 6)}…`;
  if (r.body !== undefined) view.body = r.body;
  if (r.delay) view.delayMs = r.delay.min === r.delay.max ? r.delay.min : r.delay;
  if (r.expiresAt !== undefined) view.expiresAt = iso(r.expiresAt);
  return view;
}
