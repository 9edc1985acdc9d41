import type { HandlerResult, Principal } from '../core/types.js';
import type { RandomSource } from '../core/types.js';
import type { Steer, SteerPlan, SteerQuery } from '../pipeline/steer.js';
import type { SteeredInfo } from '../pipeline/trace.js';
import type { SteeringRules, SteeringRule } from './steering-rules.js';
import { inDeclaredType, type ExamplesOf } from './find-examples.js';
import { answerPreferred, type Preferred } from './answer-preferred.js';

export interface SteerParts {
  /** the namespace's live rules (SteeringRules.active) */
  rules: readonly SteeringRule[];
  /** where a rule's use is taken */
  store: SteeringRules;
  prefer: string | string[] | undefined;
  random: RandomSource;
  /** a status's examples, else a body made from its schema (Inspection.examplesOf) */
  examplesOf: ExamplesOf;
}

/**
 * Steering for one request, or undefined when nothing could steer it (no rule in the
 * namespace, no Prefer header): then the pipeline pays nothing. A rule with a status
 * answers instead of the handler, after every real check, unless it says `bypassAuth`;
 * a delay or a fault applies however the request ends. A rule applies only once its use
 * is taken (in Redis, for rules every instance shares): a rule whose last use another
 * request took does not apply.
 */
export function createSteer({ rules, store, prefer, random, examplesOf }: SteerParts): Steer | undefined {
  const preferred = parsePrefer(prefer);
  if (rules.length === 0 && !preferred) return undefined;
  return (query) => planFor(query, { rules, store, preferred, random, examplesOf });
}

interface PlanParts {
  rules: readonly SteeringRule[];
  store: SteeringRules;
  preferred: Preferred | undefined;
  random: RandomSource;
  examplesOf: ExamplesOf;
}

async function planFor(q: SteerQuery, { rules, store, preferred, random, examplesOf }: PlanParts): Promise<SteerPlan | undefined> {
  const draw = () => random.bytes(4).readUInt32BE(0) / 2 ** 32;
  let rule = rules.find((r) => matchesRule(r, q) && (r.probability === undefined || draw() < r.probability));
  if (!rule && !preferred) return undefined;
  let steered: SteeredInfo | undefined;
  /** the rule was tried (it applies at most once per request) */
  let tried = false;
  /** Takes the rule's use; true when it applies. */
  const apply = async (r: SteeringRule): Promise<boolean> => {
    tried = true;
    if (!(await store.use({ ns: q.ns.name, rule: r }))) return false;
    const delayMs = r.delay && Math.round(r.delay.min + (r.delay.max - r.delay.min) * draw());
    steered = {
      rule: r.id,
      ...(r.status !== undefined ? { status: r.status } : {}),
      ...(delayMs ? { delayMs } : {}),
      ...(r.fault ? { fault: r.fault } : {}),
    };
    return true;
  };
  const answerOf = (r: SteeringRule): HandlerResult | undefined =>
    r.status === undefined ? undefined : inDeclaredType(q.routed.op, { status: r.status, body: structuredClone(r.body) });
  let bypass: HandlerResult | undefined;
  // at once, before the checks: a delay or a fault, or an answer that bypasses them (the caller is not known yet)
  if (rule && rule.userId === undefined && (rule.status === undefined || rule.bypassAuth)) {
    if (await apply(rule)) bypass = answerOf(rule);
    else rule = undefined;
  }
  return {
    bypass,
    get steered() {
      return steered;
    },
    async instead(principal: Principal) {
      if (rule && !tried && (rule.userId === undefined || (principal.kind === 'user' && principal.userId === rule.userId))) {
        if (await apply(rule)) return answerOf(rule);
      }
      if (!preferred || steered) return undefined;
      const answer = answerPreferred(q.routed.op, preferred, examplesOf);
      if (answer) steered = { rule: 'prefer', status: answer.status };
      return answer;
    },
  };
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

/**
 * Prism's `Prefer` header (docs: stoplight.io/docs/prism, "Request a specific response"):
 * `Prefer: code=401`, `Prefer: example=<name>`, or both, comma-separated.
 */
export function parsePrefer(header: string | string[] | undefined): Preferred | undefined {
  if (!header) return undefined;
  const out: Preferred = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(/[,;]/)) {
    const m = /^\s*(code|example)\s*=\s*"?([^"]*)"?\s*$/i.exec(part);
    if (!m) continue;
    if (m[1].toLowerCase() === 'code' && /^[1-5]\d\d$/.test(m[2])) out.code = Number(m[2]);
    if (m[1].toLowerCase() === 'example' && m[2]) out.example = m[2];
  }
  return out.code !== undefined || out.example !== undefined ? out : undefined;
}
