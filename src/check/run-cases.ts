import type { CallSpec, CaseContext, CaseResult, CheckCase, CheckResult, Expectation } from './case-types.js';
import type { Requester } from './requester.js';
import { describeUrl } from './requester.js';
import { NetworkError, type Exchange } from './http-client.js';
import { checkResponse, snippet } from './response-checks.js';
import { SetupError, type Session } from './session.js';
import { recordExchange } from './report/record-exchange.js';

export interface RunHooks {
  /** why a case is not run, or undefined to run it */
  skipReason(c: CheckCase): string | undefined;
  onResult?(result: CaseResult): void;
  /** header and query parameter names that carry secrets in these APIs (a user spec's API keys), masked in reports */
  secretNames?: readonly string[];
}

/** Thrown by a case that finds out while running that it cannot run: it is reported as skipped, with the reason. */
export class SkipCase extends Error {}

/** Runs the cases one after another (flows and lockout depend on order) and collects results. */
export async function runCases(
  cases: readonly CheckCase[],
  requester: Requester,
  session: Session,
  hooks: RunHooks,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const result = await runOne(c, requester, session, hooks.skipReason(c), hooks.secretNames ?? []);
    results.push(result);
    hooks.onResult?.(result);
  }
  return results;
}

async function runOne(
  c: CheckCase,
  requester: Requester,
  session: Session,
  skipReason: string | undefined,
  secretNames: readonly string[],
): Promise<CaseResult> {
  const base = {
    id: c.id,
    api: c.api,
    operationId: c.operationId,
    title: c.title,
    category: c.category,
    ...(c.matrix ? { matrix: c.matrix } : {}),
  };
  if (skipReason) return { ...base, status: 'skipped', skipReason, checks: [], ms: 0 };
  const checks: CheckResult[] = [];
  const started = performance.now();
  const ctx = createContext(c, requester, session, checks, secretNames);
  try {
    await c.run(ctx);
  } catch (err) {
    if (err instanceof SkipCase && checks.length === 0) return { ...base, status: 'skipped', skipReason: err.message, checks, ms: 0 };
    const name = err instanceof SetupError ? 'setup' : err instanceof NetworkError ? 'reachable' : 'checker_error';
    ctx.record(name, c.operationId, (err as Error).message);
  }
  if (checks.length === 0) ctx.record('checker_error', c.operationId, 'the case made no checks');
  const failed = checks.some((r) => !r.passed);
  return { ...base, status: failed ? 'failed' : 'passed', checks, ms: performance.now() - started };
}

function createContext(
  c: CheckCase,
  requester: Requester,
  session: Session,
  checks: CheckResult[],
  secretNames: readonly string[],
): CaseContext {
  let lastStep = '(no request)';
  let lastLabel = '(no request)';
  const record = (name: string, operationId: string, problem?: string, step = lastStep, api = c.api, ex?: Exchange, specOmits = false) => {
    const failure = problem
      ? { message: problem, ...(specOmits ? { specOmits } : {}), ...(ex ? { exchange: recordExchange(ex, secretNames) } : {}) }
      : {};
    checks.push({ name, api, operationId, step, label: lastLabel, passed: !problem, ...failure });
  };
  return {
    session,
    record: (name, operationId, problem) => record(name, operationId, problem),
    async call(spec: CallSpec, expect?: Expectation): Promise<Exchange | undefined> {
      const model = requester.model(spec.api, spec.operationId);
      const label = spec.label ? `${spec.label}: ` : '';
      lastLabel = spec.label ?? `${model.op.method} ${model.op.path}`;
      let ex: Exchange;
      try {
        ex = await requester.send(spec);
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        record('reachable', spec.operationId, err.message, `${label}${model.op.method} ${model.op.path}`, spec.api);
        return undefined;
      }
      lastStep = `${label}${ex.request.method} ${describeUrl(ex.request.url)} -> ${ex.status}`;
      const asked = expect !== undefined && isRefusal(expect.outcome) && wantedOf(expect).test(ex.status);
      for (const outcome of checkResponse(model, ex, asked))
        record(outcome.name, spec.operationId, outcome.message, lastStep, spec.api, ex, outcome.specOmits);
      if (expect) judge(expect, ex, (name, problem) => record(name, spec.operationId, problem, lastStep, spec.api, ex));
      forgetRevoked(spec, ex, session);
      return ex;
    },
  };
}

const WANTED: Record<Exclude<Expectation['outcome'], number>, { test: (s: number) => boolean; words: string }> = {
  success: { test: (s) => s >= 200 && s < 300, words: 'a 2xx' },
  denied: { test: (s) => s === 401 || s === 403, words: '401 or 403' },
  rejected: { test: (s) => s >= 400 && s < 500, words: 'a 4xx' },
  admitted: { test: (s) => s !== 401 && s !== 403, words: 'an answer other than 401 and 403' },
  hidden: { test: (s) => s === 403 || s === 404, words: '403 or 404' },
};

function wantedOf(expect: Expectation): { test: (s: number) => boolean; words: string } {
  return typeof expect.outcome === 'number'
    ? { test: (n: number) => n === expect.outcome, words: String(expect.outcome) }
    : WANTED[expect.outcome];
}

/** An expectation that the server refuses: a 4xx status, 401 or 403, 403 or 404. */
function isRefusal(outcome: Expectation['outcome']): boolean {
  return typeof outcome === 'number' ? outcome >= 400 && outcome < 500 : outcome === 'denied' || outcome === 'hidden';
}

function judge(expect: Expectation, ex: Exchange, record: (name: string, problem?: string) => void): void {
  const s = ex.status;
  const wanted = wantedOf(expect);
  const ok = wanted.test(s);
  const finding = expect.finding ? `${expect.finding}: ` : '';
  record(expect.check, ok ? undefined : `${finding}expected ${wanted.words}, got ${s}: ${snippet(ex.text)}`);
  if (ok && expect.inspect) record(expect.inspect.check, expect.inspect.test(ex));
  if (!expect.verify || !ok || s >= 300) return;
  let body: unknown;
  try {
    body = JSON.parse(ex.text);
  } catch {
    body = undefined; // XML answers: the owner is not checked
  }
  if (body !== undefined) record(expect.verify.check, expect.verify.test(body));
}

/** A successful revoke may have killed the cached token of its role (commerce revokes per customer). */
function forgetRevoked(spec: CallSpec, ex: Exchange, session: Session): void {
  const revoke = session.profile(spec.api).revoke;
  if (revoke?.operationId === spec.operationId && ex.status >= 200 && ex.status < 300) session.forget(revoke.role);
}
