#!/usr/bin/env node
// `npm run bench`: authmock against `prism mock` of the same specs, a bare Express 5 app
// and a bare node:http server (both answering constants), same load (autocannon as a library, 50 connections, warm-up discarded, rounds
// alternating the servers), plus start-up time and memory. 127.0.0.1 only, bounded in time.
// Env: BENCH_ROUNDS (3), BENCH_WARMUP (3 s), BENCH_DURATION (10 s), BENCH_STARTS (5; 0 skips start-up),
//      BENCH_CONNECTIONS (50), BENCH_PRISM_SILENT (1: also measure `prism mock -v silent`; 0: skip),
//      BENCH_REDIS (1: also authmock on a local redis-server, one and two instances; 0: skip),
//      BENCH_ONLY (comma-separated server keys, e.g. authmock,authmockNoJournal,authmockRedis,authmockRedisNoJournal,authmockRedis2;
//        authmock is always in), BENCH_ENDPOINTS (comma-separated endpoint keys: me,token,login; default all),
//      BENCH_OUT (directory for results.json and results.svg; default bench/),
//      BENCH_SECTIONS (comma-separated: core = the built-in APIs against Prism, Express and node:http;
//        oauth = the authorization server against oauth2-mock-server and a JWT-protected GET against Express, bench/oauth-section.mjs;
//        spec = Petstore with an API key and a bearer against Prism, Express and node:http, and a 1,000-operation spec's start-up,
//        bench/spec-section.mjs; resources = a spec's stored to-dos (authenticated POST and GET by id) against Mockoon CLI's
//        CRUD route and json-server, and 100,000 to-dos against a few hundred, bench/resources-section.mjs;
//        default core,oauth,spec,resources; without core, results-sections.json instead of results.json).
// Paired servers (a server and the same one without its journal) are measured together in every
// round, interleaved in short runs (A B B A A B …, BENCH_PAIR_SLICE seconds each, default 2; BENCH_DURATION
// seconds in all for each), and their cost is the median of the rounds' ratios: the noise of a busy
// machine, which comes and goes over seconds, moves both alike. The Redis ÷ SQLite ratios are medians of the rounds' ratios too.
// Each run also records the CPU time the server's processes (and Redis, for a Redis server) spent per
// request: what a request costs, which other processes on the machine disturb less than req/s.
// Writes bench/results.json and its chart bench/results.svg; prints a table and its markdown version (docs/benchmark.md's). Exit status 1 when
// a server fails to start or to answer the verification requests, or when the measured
// load got any non-2xx answer or error (those counts are in the table). A missed target
// is reported, not a failure. authmock's standard output (its request log, one line a
// request at the default level) goes to a file, as a CI job's would.
// The sections live in bench/: core-section.mjs (with core-servers.mjs), oauth-section.mjs, spec-section.mjs,
// resources-section.mjs; the tables in report.mjs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform, arch, loadavg } from 'node:os';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, cleanup, freePort, installCleanupHandlers, sleep, spawnNode, tempDir } from '../bench/lib.mjs';
import { readSettings } from '../bench/settings.mjs';
import { PRISM_BIN, coreServers, endpointsOf } from '../bench/core-servers.mjs';
import { runCoreSection } from '../bench/core-section.mjs';
import { runOAuthSection } from '../bench/oauth-section.mjs';
import { runSpecSection } from '../bench/spec-section.mjs';
import { LARGE, SEEDED, runResourcesSection } from '../bench/resources-section.mjs';
import { fmtInt, judged, printReport, sectionLoadRows } from '../bench/report.mjs';
import { writeBenchChart } from './bench-chart.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The commit measured, '+dirty' when the work tree has changes; 'unknown' outside git. */
function gitCommit() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : '');
  } catch {
    return 'unknown';
  }
}

function describeMachine(started) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    platform: `${platform()} ${release()} ${arch()}`,
    totalMemMB: Math.round(totalmem() / 2 ** 20),
    date: started.toISOString(),
    loadAvgAtStart: loadavg().map((x) => +x.toFixed(2)),
    commit: gitCommit(),
  };
}

/** Whether a redis-server answers PING on the port yet. */
function probeRedis(port) {
  return new Promise((resolvePing) => {
    const socket = connect(port, HOST, () => socket.write('PING\r\n'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('data', (d) => {
      resolvePing(String(d).startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolvePing(false));
    socket.once('close', () => resolvePing(false));
  });
}

/** Redis with its own defaults (RDB snapshots, no AOF) in a throw-away directory; its URL and pid. */
async function startRedis(redisServer) {
  const port = await freePort();
  const child = spawnNode([redisServer, '--port', String(port), '--bind', HOST, '--dir', tempDir('authmock-bench-redis-')], {
    direct: true,
  });
  for (let t0 = performance.now(); !(await probeRedis(port)); await sleep(20)) {
    if (child.exitCode !== null || performance.now() - t0 > 10_000) throw new Error(`redis-server did not start:\n${child.stderrTail}`);
  }
  return { url: `redis://${HOST}:${port}/0`, pid: child.pid };
}

function captionOf(machine, settings, started) {
  const { connections, duration, warmup, rounds, starts } = settings;
  return (
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${started.toISOString().slice(0, 10)}; autocannon ${connections} connections, ` +
    `${duration} s after a ${warmup} s warm-up, median of ${rounds} round(s) alternating the servers, 127.0.0.1; ` +
    `the ratios between authmock's variants are medians of each round's ratio, a server and its journal-off twin measured in interleaved runs of ${settings.pairSlice} s (A B B A …, ${duration} s each in all). ` +
    `authmock with its defaults (SQLite state, request and response validation, log level info, its standard output to a file). Prism 5.14.2 needs one process per spec; ` +
    `its log goes to /dev/null. Start-up: spawn to first 200 on GET /rest/V1/directory/countries, median of ${starts} ` +
    `(authmock's first start may compile the specs and fill its cache in .authmock/cache; later starts read it).` +
    (settings.withRedis
      ? ` authmock on Redis: --state redis:// on a local redis-server with Redis's defaults (no AOF), its journal in Redis too, each Redis variant on a redis-server of its own; ×2: two authmock processes on one Redis, ` +
        `the connections split between them and their req/s summed (both processes, Redis and autocannon share the ${machine.cores} cores).`
      : '') +
    ` The OAuth section: authmock's bin serving a spec: client_credentials against oauth2-mock-server 8.2 and a JWT-protected GET against bare Express, each pair interleaved in runs of ${settings.pairSlice} s with the CPU time of each process.` +
    ` The spec section: Petstore's GET /pet/{petId} through authmock (the spec's identity file; a bearer from its own login) against prism mock of the same spec` +
    ` sent the same credentials, bare Express and bare node:http; a generated 1,000-operation spec's start-up, the first in an empty directory (cold), the others warm;` +
    ` a generated 50,000-operation spec's RSS once started and after 1,000 requests to as many operations (list, create, read, update, delete in turn, spread over its resources).` +
    ` The resources section: the to-do spec's POST /api/todos and GET /api/todos/{id} through authmock (SQLite state, a bearer from the spec's login, the body validated)` +
    ` against Mockoon CLI 9.9's CRUD route over a data bucket and json-server 0.17 on a db.json (neither checks a credential), ${settings.rounds} round(s) of each request one after the other,` +
    ` the servers interleaved in runs of ${settings.pairSlice} s (${duration} s each in all), GETs reading ${SEEDED} stored to-dos before the POSTs grow the collections;` +
    ` authmock holding ${LARGE.toLocaleString('en-US')} to-dos (loaded through POSTs) against authmock holding ${SEEDED}, GET by id and a 20-item page from the middle, interleaved the same way.`
  );
}

/** The resources row of the spec section's generated spec. */
function largeSpecRow(large) {
  return [
    `authmock, a generated ${large.operations.toLocaleString('en-US')}-operation spec (RSS when ready)`,
    fmtInt(large.warmMs),
    `${fmtInt(large.coldMs)} (cold)`,
    `${Math.round(large.warmRssMB)} (cold ${Math.round(large.coldRssMB)})`,
    '',
  ];
}

async function main() {
  installCleanupHandlers();
  const started = new Date();
  const settings = readSettings();
  const machine = describeMachine(started);
  const endpoints = endpointsOf(settings);
  /** each Redis variant's own redis-server, by server key: {url, pid} */
  const redis = {};
  const defs = coreServers(settings, redis);
  const { rounds, warmup, duration, connections, starts } = settings;
  const log = (s) => process.stdout.write(s);
  console.log(
    `authmock benchmark on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}; sections: ${[...settings.sections].join(', ')}`,
  );
  if (settings.sections.has('core')) {
    const estimate = rounds * endpoints.length * defs.length * (warmup + duration);
    console.log(
      `core load: ${connections} connections, ${warmup} s warm-up + ${duration} s measured, ${rounds} round(s); about ${Math.ceil(estimate / 60)} min\n`,
    );
  }
  // one redis-server per Redis variant, as each SQLite variant has a directory of its own: a variant's
  // snapshots then carry only its own tokens, not the other variants' as well
  if (settings.sections.has('core') && settings.withRedis)
    for (const def of defs.filter((d) => d.key.startsWith('authmockRedis'))) redis[def.key] = await startRedis(settings.redisServer);

  const core = settings.sections.has('core') ? await runCoreSection({ settings, defs, endpoints, redis, log }) : undefined;
  const shared = { root: ROOT, rounds, warmup, duration, connections, log };
  if (settings.sections.has('oauth'))
    log(`\noauth section: the authorization server against oauth2-mock-server 8.2, a JWT-protected GET against bare Express\n`);
  const oauth = settings.sections.has('oauth') ? await runOAuthSection({ ...shared, slice: settings.pairSlice }) : undefined;
  if (settings.sections.has('spec'))
    log(`\nspec section: Petstore against Prism, Express and node:http; a 1,000-operation spec's start-up\n`);
  const spec = settings.sections.has('spec')
    ? await runSpecSection({ ...shared, prismBin: PRISM_BIN, starts: Math.max(1, starts) })
    : undefined;
  if (settings.sections.has('resources'))
    log(
      `\nresources section: a spec's stored to-dos against Mockoon CLI 9.9 and json-server 0.17; ${LARGE.toLocaleString('en-US')} to-dos against ${SEEDED}\n`,
    );
  const resources = settings.sections.has('resources') ? await runResourcesSection({ ...shared, slice: settings.pairSlice }) : undefined;

  const targets = [...(core?.floors ?? []), ...(oauth?.floors ?? []), ...(spec?.floors ?? []), ...(resources?.floors ?? [])].map(judged);
  const md = printReport({
    caption: captionOf(machine, settings, started),
    load: [
      ...(core?.rows.load ?? []),
      ...sectionLoadRows(oauth?.rows ?? []),
      ...sectionLoadRows(spec?.rows ?? []),
      ...sectionLoadRows(resources?.rows ?? []),
    ],
    resources: [...(core?.rows.resources ?? []), ...(spec ? [largeSpecRow(spec.largeSpec)] : []), ...(resources?.resources ?? [])],
    targets,
    notes: [...(core?.notes ?? []), ...(spec?.notes ?? []), ...(resources?.notes ?? [])],
  });

  machine.loadAvgAtEnd = loadavg().map((x) => +x.toFixed(2));
  if (machine.loadAvgAtStart[0] > 0.5) {
    console.log(`\nnote: load average was ${machine.loadAvgAtStart[0]} when the benchmark started: other processes share the CPU`);
  }
  const broken = [...(core?.load ?? []), ...(oauth?.load ?? []), ...(spec?.load ?? []), ...(resources?.load ?? [])].filter(
    (r) => r.non2xx + r.errors > 0,
  );
  const section = (s) => s && { load: s.load, ratios: s.ratios, labels: s.labels, endpoints: s.endpoints };
  const results = {
    machine,
    settings: {
      ...settings,
      only: settings.only && [...settings.only],
      endpoints: settings.endpoints && [...settings.endpoints],
      sections: [...settings.sections],
      host: HOST,
    },
    ...(core
      ? {
          prismPaths: { commerce: '/V1/... (the spec paths without the servers prefix /rest)', social: '/socialapi/...' },
          load: core.load,
          ratios: core.ratios,
          startupMs: core.startupMs,
          memory: core.memory,
          labels: {
            servers: Object.fromEntries(defs.map((s) => [s.key, s.label])),
            endpoints: Object.fromEntries(endpoints.map((e) => [e.key, e.label])),
          },
        }
      : {}),
    ...(oauth ? { oauth: section(oauth) } : {}),
    ...(spec ? { spec: { ...section(spec), largeSpec: spec.largeSpec, hugeSpec: spec.hugeSpec, stripe: spec.stripe } } : {}),
    ...(resources ? { resources: { ...section(resources), finalSizes: resources.finalSizes, large: resources.large } } : {}),
    targets,
    clean: broken.length === 0,
    markdown: md,
  };
  // a run without the core section has no chart and leaves the full run's results.json alone
  const outDir = settings.outDir ?? join(ROOT, 'bench');
  mkdirSync(outDir, { recursive: true }); // BENCH_OUT may name a folder not made yet
  const resultsFile = join(outDir, core ? 'results.json' : 'results-sections.json');
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nwritten: ${resultsFile}`);
  if (core) console.log(`written: ${writeBenchChart(resultsFile)}`);
  await cleanup();
  if (broken.length) {
    console.error(
      `\nWARNING: non-2xx answers or errors under load: ${broken.map((r) => `${r.server}/${r.endpoint} ${r.non2xx} non-2xx, ${r.errors} errors`).join('; ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch(async (err) => {
  console.error(`bench: ${err?.stack ?? err}`);
  await cleanup();
  process.exit(1);
});
