import { join, resolve } from 'node:path';
import { UsageError } from '../core/usage-error.js';
import { AccountsError, loadAccounts } from './accounts.js';
import { credentialSources } from './api-profile.js';
import { loadModels, type ApiModel, type CheckedApi } from './spec-model.js';
import { API_MODULES } from '../apis/index.js';
import { BUILTIN_PROFILES } from './profiles/index.js';
import { Requester } from './requester.js';
import { Session } from './session.js';
import { probe } from './http-client.js';
import { claimAuthmockNamespace, moveBasesUnder } from './authmock-namespace.js';
import { buildCases, skipReason, type SelectOptions } from './cases/build-cases.js';
import { runCases } from './run-cases.js';
import { summarize, type Summary } from './report/summarize.js';
import type { CaseResult } from './case-types.js';
import { formatCase, formatSummary, pickPalette } from './report/console-reporter.js';
import { renderJunit } from './report/junit-report.js';
import { renderJson } from './report/json-report.js';
import { renderHtml } from './report/html-report.js';
import { createProgressLine } from './report/progress-line.js';
import { LISTED_TARGET, checkUrl, positiveInt, writeReport } from './command-helpers.js';
import { runSpecCheck } from './user-spec/run-spec-check.js';
import type { CheckFlags, CheckIo } from './check-flags.js';

export type { CheckFlags, CheckIo } from './check-flags.js';

/** The built-in APIs, as the checker knows them: their specs, fixtures and profiles. */
export function builtinApis(): CheckedApi[] {
  return API_MODULES.map((m) => ({ name: m.name, specFile: m.specFile, fixtureFile: m.fixtureFile, checker: BUILTIN_PROFILES[m.name] }));
}

/**
 * `authmock check`: builds the cases from the specs, runs them against the target and
 * reports. Returns the exit code: 0 all passed, 1 a check failed, 2 the target is
 * unreachable (usage errors are thrown as UsageError, which the CLI turns into 2).
 */
export async function runCheckCommand(
  root: string,
  flags: CheckFlags,
  io: CheckIo,
  registry: readonly CheckedApi[] = builtinApis(),
): Promise<number> {
  if (flags.spec?.length) return runSpecCheck(flags, io);
  if (flags.unsafe || flags.only?.length || flags.skip?.length) throw new UsageError('--unsafe, --only and --skip go with --spec');
  const all = registry.map((m) => m.name);
  const apis = selectApis(flags.api, all);
  const models = await loadModels(resolve(flags.builtinSpecs), registry);
  const bases = resolveBases(flags, all, models);
  const accounts = readAccounts(root, flags, io.env, registry);
  const timeoutMs = positiveInt('--timeout', flags.timeout);
  const requester = new Requester(models, bases, timeoutMs);
  const session = new Session(requester, accounts);
  const cases = buildCases({ models, apis, accounts, lockoutAttempts: positiveInt('--lockout-attempts', flags.lockoutAttempts) });
  const select: SelectOptions = {
    jsonOnly: !!flags.jsonOnly,
    proxySafe: !!flags.proxySafe,
    lockout: flags.lockout,
    allApis: apis.length === all.length,
    altServers: apis.filter((a) => bases[a].length > 1),
  };
  if (flags.list) {
    for (const c of cases) io.stdout.write(`${c.id}\t${c.category}\t${c.title}${withReason(skipReason(c, select, session))}\n`);
    return 0;
  }
  // Against an authmock: a namespace of its own, deleted after, so the default accounts are never locked.
  const ns = flags.target ? await claimAuthmockNamespace(flags.target, { timeoutMs, controlKey: io.env.AUTHMOCK_CONTROL_KEY }) : undefined;
  if (ns) moveBasesUnder(bases, flags.target!, ns.base, (api) => (flags as unknown as Record<string, unknown>)[`${api}Url`] !== undefined);
  const unreachable = await findUnreachable(apis, bases, timeoutMs);
  if (unreachable) {
    io.stderr.write(`authmock check: ${unreachable}\n`);
    return 2;
  }
  // A reader that stops early (`| head`) ends the output, not the run with a stack trace.
  io.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  const palette = pickPalette(io.stdout, io.env);
  const startedAt = new Date();
  io.stdout.write(`authmock check: ${cases.length} cases against ${apis.map((a) => `${a} ${bases[a][0]}`).join(', ')}\n`);
  const progress = createProgressLine(io.stdout, cases.length);
  const results = await runCases(cases, requester, session, {
    skipReason: (c) => skipReason(c, select, session),
    onResult: (r) => {
      if (!flags.quiet || r.status === 'failed') progress.print(formatCase(r, palette));
      progress.advance(r);
    },
  });
  progress.finish();
  const durationMs = Date.now() - startedAt.getTime();
  const summary = summarize(
    results,
    apis.map((a) => models[a]),
  );
  const reports = writeReports(flags, results, summary, {
    bases,
    select,
    startedAt,
    durationMs,
    target: flags.target ?? apis.map((a) => bases[a][0]).join(' '),
  });
  io.stdout.write(formatSummary(summary, palette, { durationMs, reports }));
  const leftOver = await ns?.release();
  if (leftOver) io.stderr.write(`authmock check: ${leftOver}\n`);
  return summary.cases.failed === 0 ? 0 : 1;
}

async function findUnreachable(apis: string[], bases: Record<string, string[]>, timeoutMs: number): Promise<string | undefined> {
  for (const api of apis) {
    const problem = await probe(bases[api][0], timeoutMs);
    if (problem) return `the ${api} API at ${bases[api][0]} is unreachable: ${problem}`;
  }
  return undefined;
}

function writeReports(
  flags: CheckFlags,
  results: CaseResult[],
  summary: Summary,
  meta: { bases: Record<string, string[]>; select: SelectOptions; startedAt: Date; durationMs: number; target: string },
): string[] {
  const { bases, select, startedAt, durationMs, target } = meta;
  const written: string[] = [];
  if (flags.junit) written.push(writeReport(flags.junit, renderJunit(results, summary, { durationMs, target })));
  if (flags.json) {
    const options = {
      api: flags.api,
      jsonOnly: select.jsonOnly,
      proxySafe: select.proxySafe,
      lockout: select.lockout,
      lockoutAttempts: Number(flags.lockoutAttempts),
    };
    written.push(
      writeReport(flags.json, renderJson(results, summary, { target, bases, startedAt: startedAt.toISOString(), durationMs, options })),
    );
  }
  if (flags.html)
    written.push(writeReport(flags.html, renderHtml(results, summary, { target, startedAt: startedAt.toISOString(), durationMs })));
  return written;
}

function selectApis(api: string, all: string[]): string[] {
  if (api === 'all') return all;
  if (all.includes(api)) return [api];
  throw new UsageError(`--api must be ${all.join(', ')} or all, got ${api}`);
}

/** Each API's base URL per spec server: the target plus the server's path, or the one URL given. */
function resolveBases(flags: CheckFlags, all: string[], models: Record<string, ApiModel>): Record<string, string[]> {
  const out = {} as Record<string, string[]>;
  for (const api of all) {
    // --commerce-url, --social-url: one base URL for one API (e.g. a Prism proxy)
    const given = (flags as unknown as Record<string, string | undefined>)[`${api}Url`];
    const url = given ?? flags.target ?? (flags.list ? LISTED_TARGET : undefined);
    if (url === undefined) {
      out[api] = [];
      continue;
    }
    const base = checkUrl(url).replace(/\/+$/, '');
    out[api] = given ? [base] : models[api].serverPaths.map((p) => base + p);
  }
  const apis = selectApis(flags.api, all);
  const missing = apis.filter((a) => out[a].length === 0);
  if (missing.length) throw new UsageError(`--target is required (or --${missing[0]}-url for the ${missing[0]} API)`);
  return out;
}

function readAccounts(root: string, flags: CheckFlags, env: NodeJS.ProcessEnv, registry: readonly CheckedApi[]) {
  try {
    return loadAccounts({
      fixturesDir: flags.fixtures ? resolve(flags.fixtures) : undefined,
      defaultFixturesDir: join(root, 'fixtures'),
      credentialsFile: flags.credentials ? resolve(flags.credentials) : undefined,
      env,
      sources: credentialSources(registry),
    });
  } catch (err) {
    if (err instanceof AccountsError) throw new UsageError(err.message);
    throw err;
  }
}

function withReason(reason: string | undefined): string {
  return reason ? `\tskipped: ${reason}` : '';
}
