import type { HandlerResult, Principal } from '../core/types.js';
import type { RandomSource } from '../core/types.js';
import type { Steer, SteerPlan, SteerQuery } from '../pipeline/steer.js';
import type { SteeredInfo } from '../pipeline/trace.js';
import type { SteeringRules, SteeringRule } from './steering-rules.js';
import { examplesOf } from './find-examples.js';
import { parsePrefer } from './parse-prefer.js';

/**
 * Steering for one request, or undefined when nothing could steer it (no rule in any
 * namespace, no Prefer header): then the pipeline pays nothing. A rule with a status
 * answers instead of the handler, after every real check, unless it says `bypassAuth`;
 * a delay or a fault applies however the request ends.
 */
export function createSteer(rules: SteeringRules, prefer: string | string[] | undefined, random: RandomSource): Steer | undefined {
  const preferred = parsePrefer(prefer);
  if (rules.empty && !preferred) return undefined;
  return (query) => planFor(query, rules, preferred, random);
}

function planFor(
  q: SteerQuery,
  rules: SteeringRules,
  preferred: ReturnType<typeof parsePrefer>,
  random: RandomSource,
): SteerPlan | undefined {
  const draw = () => random.bytes(4).readUInt32BE(0) / 2 ** 32;
  const rule = rules.list(q.ns.name, q.ns.now()).find((r) => matchesRule(r, q) && (r.probability === undefined || draw() < r.probability));
  if (!rule && !preferred) return undefined;
  let steered: SteeredInfo | undefined;
  let applied = false;
  const apply = (r: SteeringRule): HandlerResult | undefined => {
    applied = true;
    rules.use(q.ns.name, r);
    const delayMs = r.delay && Math.round(r.delay.min + (r.delay.max - r.delay.min) * draw());
    steered = {
      rule: r.id,
      ...(r.status !== undefined ? { status: r.status } : {}),
      ...(delayMs ? { delayMs } : {}),
      ...(r.fault ? { fault: r.fault } : {}),
    };
    return r.status === undefined ? undefined : { status: r.status, body: structuredClone(r.body) };
  };
  // at once, before the checks: a delay or a fault, or an answer that bypasses them (the caller is not known yet)
  const bypass = rule && rule.userId === undefined && (rule.status === undefined || rule.bypassAuth) ? apply(rule) : undefined;
  return {
    bypass,
    get steered() {
      return steered;
    },
    instead(principal: Principal) {
      if (rule && !applied && (rule.userId === undefined || (principal.kind === 'user' && principal.userId === rule.userId)))
        return apply(rule);
      if (!preferred || applied) return undefined;
      const answer = answerPreferred(q, preferred);
      if (answer) steered = { rule: 'prefer', status: answer.status };
      return answer;
    },
  };
}

/** Prism's `Prefer: code=…, example=…`: the example of that status (or name) the spec declares. */
function answerPreferred(q: SteerQuery, want: { code?: number; example?: string }): HandlerResult | undefined {
  const op = q.routed.op;
  const statuses = want.code !== undefined ? [want.code] : [...op.responses.keys()].filter((s) => /^\d+$/.test(s)).map(Number);
  for (const status of statuses) {
    const found = examplesOf(op, status);
    const body = want.example !== undefined ? found?.named[want.example] : found?.first;
    if (body === undefined) continue;
    return { status, body: structuredClone(body) };
  }
  return undefined;
}

function matchesRule(rule: SteeringRule, q: SteerQuery): boolean {
  if (rule.api !== q.api || rule.operationId !== q.routed.op.operationId) return false;
  if (rule.token !== undefined && !q.credentials().includes(rule.token) && readBodyToken(q) !== rule.token) return false;
  if (rule.username !== undefined && readUsername(q)?.toLowerCase() !== rule.username.toLowerCase()) return false;
  return true;
}

/** The login name a request carries, read from the raw body (not decoded yet when steering is asked). */
function readUsername(q: SteerQuery): string | undefined {
  const fields = parseBody(q.req.rawBody);
  const name = fields?.username ?? fields?.email;
  return typeof name === 'string' ? name : undefined;
}

/** A token sent as a body field (the social API's userToken). */
function readBodyToken(q: SteerQuery): string | undefined {
  const token = parseBody(q.req.rawBody)?.userToken;
  return typeof token === 'string' ? token : undefined;
}

function parseBody(rawBody: Buffer | undefined): Record<string, unknown> | undefined {
  const raw = rawBody?.toString('utf8');
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    const form: Record<string, unknown> = Object.fromEntries(new URLSearchParams(raw));
    // multipart: name="username"\r\n\r\nvalue
    for (const m of raw.matchAll(/name="([^"]+)"\r?\n\r?\n([^\r\n]*)/g)) form[m[1]] = m[2];
    return form;
  }
}
