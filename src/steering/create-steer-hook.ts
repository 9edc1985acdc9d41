import type { HandlerResult } from '../core/types.js';
import type { Ctx, SteerHook } from '../pipeline/context.js';
import type { SteeringRules, SteeringRule } from './steering-rules.js';
import type { ExamplesOf } from './find-examples.js';
import { parsePrefer } from './parse-prefer.js';

/**
 * Steering for one request, or undefined when nothing could steer it (no rule in any
 * namespace, no Prefer header): then the pipeline pays nothing. A rule with a status
 * answers instead of the handler, after every real check, unless it says `bypassAuth`;
 * a delay or a fault applies however the request ends.
 */
export function createSteerHook(
  rules: SteeringRules,
  examplesOf: ExamplesOf,
  prefer: string | string[] | undefined,
): SteerHook | undefined {
  const preferred = parsePrefer(prefer);
  if (rules.empty && !preferred) return undefined;
  let chosen: SteeringRule | undefined;
  let looked = false;
  let applied = false;
  const pick = (ctx: Ctx) => {
    if (!looked) {
      looked = true;
      chosen = rules.list(ctx.ns.name, ctx.ns.now()).find((r) => matchesRule(r, ctx) && rollProbability(r, ctx));
    }
    return chosen;
  };
  return {
    // a delay or a fault, or an answer that bypasses the checks: at once (the caller's id is not known yet)
    beforeChecks(ctx) {
      const rule = pick(ctx);
      if (!rule || rule.userId !== undefined || (rule.status !== undefined && !rule.bypassAuth)) return undefined;
      return applyRule(rule, ctx);
    },
    beforeHandler(ctx) {
      const rule = pick(ctx);
      if (rule && !applied && (rule.userId === undefined || readUserId(ctx) === rule.userId)) return applyRule(rule, ctx);
      return preferred && !applied ? answerPreferred(ctx, preferred) : undefined;
    },
  };

  function applyRule(rule: SteeringRule, ctx: Ctx): HandlerResult | undefined {
    applied = true;
    rules.use(ctx.ns.name, rule);
    const delayMs = rule.delay && Math.round(rule.delay.min + (rule.delay.max - rule.delay.min) * drawFraction(ctx));
    ctx.steered = {
      rule: rule.id,
      ...(rule.status !== undefined ? { status: rule.status } : {}),
      ...(delayMs ? { delayMs } : {}),
      ...(rule.fault ? { fault: rule.fault } : {}),
    };
    return rule.status === undefined ? undefined : { status: rule.status, body: structuredClone(rule.body) };
  }

  function answerPreferred(ctx: Ctx, want: { code?: number; example?: string }): HandlerResult | undefined {
    const op = ctx.op!;
    const statuses = want.code !== undefined ? [want.code] : [...op.responses.keys()].filter((s) => /^\d+$/.test(s)).map(Number);
    for (const status of statuses) {
      const found = examplesOf(op, status);
      const body = want.example !== undefined ? found?.named[want.example] : found?.first;
      if (body === undefined) continue;
      ctx.steered = { rule: 'prefer', status };
      return { status, body: structuredClone(body) };
    }
    return undefined;
  }
}

function matchesRule(rule: SteeringRule, ctx: Ctx): boolean {
  if (rule.api !== ctx.api.name || rule.operationId !== ctx.op?.operationId) return false;
  if (rule.token !== undefined && ctx.api.dialect.readToken(ctx) !== rule.token) return false;
  if (rule.username !== undefined && readUsername(ctx)?.toLowerCase() !== rule.username.toLowerCase()) return false;
  return true;
}

function rollProbability(rule: SteeringRule, ctx: Ctx): boolean {
  return rule.probability === undefined || drawFraction(ctx) < rule.probability;
}

function drawFraction(ctx: Ctx): number {
  return ctx.services.random.bytes(4).readUInt32BE(0) / 2 ** 32;
}

const readUserId = (ctx: Ctx) => (ctx.principal.kind === 'user' ? ctx.principal.userId : undefined);

/** The login name a request carries, read from the raw body (it is decoded later in some dialects). */
function readUsername(ctx: Ctx): string | undefined {
  const fields = (ctx.body as Record<string, unknown> | undefined) ?? parseBody(ctx);
  const name = fields?.username ?? fields?.email;
  return typeof name === 'string' ? name : undefined;
}

function parseBody(ctx: Ctx): Record<string, unknown> | undefined {
  const raw = ctx.req.rawBody?.toString('utf8');
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    const form = Object.fromEntries(new URLSearchParams(raw));
    // multipart: name="username"\r\n\r\nvalue
    for (const m of raw.matchAll(/name="([^"]+)"\r?\n\r?\n([^\r\n]*)/g)) form[m[1]] = m[2];
    return form;
  }
}
