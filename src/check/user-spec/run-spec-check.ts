import { resolve } from 'node:path';
import type { SecurityScheme } from '../../core/types.js';
import { UsageError } from '../../core/usage-error.js';
import type { CheckFlags, CheckIo } from '../check-flags.js';
import type { CaseResult, CheckCase, CheckResult } from '../case-types.js';
import { LISTED_TARGET, checkUrl, positiveInt, writeReport } from '../command-helpers.js';
import { probe } from '../http-client.js';
import { Requester } from '../requester.js';
import { Session } from '../session.js';
import { runCases } from '../run-cases.js';
import { summarize, type Summary } from '../report/summarize.js';
import { formatCase, formatSummary, pickPalette } from '../report/console-reporter.js';
import { causeOf, groupFailures } from '../report/group-failures.js';
import { createProgressLine } from '../report/progress-line.js';
import { renderJunit } from '../report/junit-report.js';
import { renderJson } from '../report/json-report.js';
import { renderHtml } from '../report/html-report.js';
import { loadUserSpecs, type UserSpec } from './load-user-specs.js';
import { readCredentialsFile } from './read-credentials-file.js';
import { checkCredentialsFile } from './file-credentials.js';
import { selectOperations } from './select-operations.js';
import { RequestBudget } from './request-budget.js';
import { connectTarget, type Connected } from './connect-target.js';
import { sampleRequest } from './sample-request.js';
import { buildSpecCases, inPasses } from './build-spec-cases.js';

const DEFAULT_MAX_REQUESTS = 2000;

/**
 * `authmock check --spec api.yaml --target <url>`: the auth matrix of every operation of
 * the user's specs (operations × credential classes), each answer also checked against the
 * spec. Returns the exit code: 0 every cell as expected, 1 one was not, 2 the target is
 * unreachable (usage errors are thrown).
 */
export async function runSpecCheck(flags: CheckFlags, io: CheckIo): Promise<number> {
  const given = flags.target ?? (flags.list ? LISTED_TARGET : undefined);
  if (!given) throw new UsageError('--target is required');
  const target = checkUrl(given).replace(/\/+$/, '');
  const timeoutMs = positiveInt('--timeout', flags.timeout);
  const maxRequests = positiveInt('--max-requests', flags.maxRequests ?? String(DEFAULT_MAX_REQUESTS));
  // a schema the compiler refuses when first used (as serve logs it): told in the summary and the reports
  const late = new Set<string>();
  const specs = await loadUserSpecs(flags.spec ?? [], flags.refRoots, (api, warning) => late.add(`${api}: ${warning}`));
  // what serve's banner lists as spec findings, a schema left unchecked among them (a pattern RE2 cannot run)
  for (const spec of specs) for (const warning of spec.model.warnings) io.stderr.write(`authmock check: ${spec.name}: ${warning}\n`);
  const file = flags.credentials ? readCredentialsFile(resolve(flags.credentials), io.env) : undefined;
  if (file) checkCredentialsFile(file, schemesOf(specs));
  const selected = selectOperations(specs, { only: flags.only ?? [], skip: flags.skip ?? [] });
  const budget = new RequestBudget(maxRequests);
  const connected = await connectTarget({
    target,
    specs,
    file,
    timeoutMs,
    controlKey: io.env.AUTHMOCK_CONTROL_KEY,
    budget,
    list: !!flags.list,
    probePaths: new Map(specs.map((s) => [s.name, probePath(s, selected.get(s.name) ?? [])])),
  });
  // Given back once, when the cases are done, or when anything before that fails.
  let released: Promise<string | undefined> | undefined;
  const release = () => (released ??= connected.release());
  try {
    const leftovers: string[] = [];
    const cases = buildSpecCases(connected, selected, { unsafe: !!flags.unsafe, target, budget, leftovers });
    if (flags.list) {
      for (const c of cases)
        io.stdout.write(`${c.id}\t${c.category}\t${c.title}${c.tags.unavailable ? `\tskipped: ${c.tags.unavailable}` : ''}\n`);
      return 0;
    }
    return await runAndReport(cases, connected, { flags, io, target, timeoutMs, budget, release, leftovers, late });
  } finally {
    const leftOver = await release();
    if (leftOver) io.stderr.write(`authmock check: ${leftOver}\n`);
  }
}

interface RunContext {
  flags: CheckFlags;
  io: CheckIo;
  target: string;
  timeoutMs: number;
  budget: RequestBudget;
  release(): Promise<string | undefined>;
  /** objects the check made that the spec gives no way to delete */
  leftovers: readonly string[];
  /** schemas the compiler refused when first used, each `<api>: <warning>` */
  late: ReadonlySet<string>;
}

async function runAndReport(cases: CheckCase[], connected: Connected, r: RunContext): Promise<number> {
  const { flags, io, budget } = r;
  const models = Object.fromEntries(connected.specs.map((t) => [t.spec.name, t.spec.api]));
  const bases = Object.fromEntries(connected.specs.map((t) => [t.spec.name, [t.base]]));
  for (const t of connected.specs) {
    const problem = await probe(t.base, r.timeoutMs);
    budget.note();
    if (problem) {
      io.stderr.write(`authmock check: the ${t.spec.name} API at ${t.base} is unreachable: ${problem}\n`);
      return 2;
    }
  }
  io.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  const requester = new Requester(models, bases, r.timeoutMs);
  const palette = pickPalette(io.stdout, io.env);
  const startedAt = new Date();
  io.stdout.write(`authmock check: ${cases.length} cases against ${connected.specs.map((t) => `${t.spec.name} ${t.base}`).join(', ')}\n`);
  const progress = createProgressLine(io.stdout, cases.length);
  const cause = (c: CheckResult) => causeOf(c, connected.authmock);
  // sent in passes (inPasses), reported in spec order
  const place = new Map(cases.map((c, i) => [c.id, i]));
  const sent = await runCases(inPasses(cases), requester, new Session(requester, {}), {
    skipReason: (c) => c.tags.unavailable ?? budget.exhausted(),
    onResult: (result) => {
      if (!flags.quiet || result.status === 'failed') progress.print(formatCase(result, palette, cause));
      progress.advance(result);
    },
    secretNames: secretNames(connected.specs.map((t) => t.spec)),
  });
  progress.finish();
  const results = [...sent].sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  await r.release(); // before the reports, which count its request
  const durationMs = Date.now() - startedAt.getTime();
  const summary = summarize(
    results,
    connected.specs.map((t) => t.spec.api),
  );
  const notes = [
    ...connected.notes,
    safetyNote(connected.authmock, !!flags.unsafe, r.target),
    leftoverNote(connected.authmock, r),
    ...r.late,
  ].filter((n): n is string => !!n);
  const meta = { target: r.target, startedAt: startedAt.toISOString(), durationMs, requests: budget.count, notes };
  const reports = writeReports(flags, results, summary, { ...meta, bases, options: optionsOf(flags, connected, budget.max) });
  const failures = groupFailures(results, connected.authmock);
  io.stdout.write(formatSummary(summary, palette, { durationMs, reports, requests: budget.count, notes, failures }));
  return summary.cases.failed === 0 ? 0 : 1;
}

/** A GET operation's path with its parameters filled in, for finding where the spec's paths are served. */
function probePath(spec: UserSpec, ops: readonly { operationId: string; method: string; path: string }[]): string | undefined {
  // a GET whose parameters the checker can fill as their schemas ask, a selected one first
  const valid = (id: string) =>
    !sampleRequest(
      spec.model.spec,
      spec.model.operations.find((op) => op.operationId === id)!,
    ).invalid;
  const get =
    ops.find((op) => op.method === 'GET' && valid(op.operationId)) ??
    spec.model.operations.find((op) => op.method === 'GET' && valid(op.operationId));
  if (!get) return undefined;
  const { pathParams } = sampleRequest(
    spec.model.spec,
    spec.model.operations.find((op) => op.operationId === get.operationId)!,
  );
  return get.path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(pathParams[name] ?? 'authmock-check'));
}

function schemesOf(specs: readonly UserSpec[]): Map<string, SecurityScheme> {
  return new Map(specs.flatMap((s) => [...s.model.schemes.entries()]));
}

/** Header and query parameters that carry API keys, whatever they are called: reports mask them. */
function secretNames(specs: readonly UserSpec[]): string[] {
  return [...schemesOf(specs).values()].flatMap((s) => (s.type === 'apiKey' && s.in !== 'cookie' ? [s.param] : []));
}

/** Against a server that is not authmock, what the object-level cases left there (an authmock's namespace goes whole). */
function leftoverNote(authmock: boolean, r: RunContext): string | undefined {
  if (authmock || r.leftovers.length === 0) return undefined;
  return `left on ${r.target}, the spec having no delete operation for them: ${r.leftovers.join(', ')}`;
}

function safetyNote(authmock: boolean, unsafe: boolean, target: string): string | undefined {
  if (authmock) return undefined;
  return unsafe
    ? `--unsafe: every operation was called on ${target}, those that may change data too`
    : `safe mode: ${target} is not authmock, so only GET, HEAD and OPTIONS operations were called (--unsafe calls the others too)`;
}

function optionsOf(flags: CheckFlags, connected: Connected, maxRequests: number): Record<string, unknown> {
  return {
    specs: connected.specs.map((t) => ({
      name: t.spec.name,
      file: t.spec.file,
      credentials: connected.authmock ? 'authmock' : flags.credentials ? 'file' : 'none',
    })),
    credentials: flags.credentials ? resolve(flags.credentials) : null,
    unsafe: !!flags.unsafe,
    only: flags.only ?? [],
    skip: flags.skip ?? [],
    maxRequests,
  };
}

function writeReports(
  flags: CheckFlags,
  results: CaseResult[],
  summary: Summary,
  meta: {
    target: string;
    startedAt: string;
    durationMs: number;
    requests: number;
    notes: string[];
    bases: Record<string, string[]>;
    options: Record<string, unknown>;
  },
): string[] {
  const written: string[] = [];
  if (flags.junit) written.push(writeReport(flags.junit, renderJunit(results, summary, meta)));
  if (flags.json) written.push(writeReport(flags.json, renderJson(results, summary, meta)));
  if (flags.html) written.push(writeReport(flags.html, renderHtml(results, summary, meta)));
  return written;
}
