#!/usr/bin/env node
// `npm run bench`: authmock against `prism mock` of the same specs, a bare Express 5 app
// and a bare node:http server (both answering constants), same load (autocannon as a library, 50 connections, warm-up discarded, rounds
// alternating the servers), plus start-up time and memory. 127.0.0.1 only, bounded in time.
// Env: BENCH_ROUNDS (3), BENCH_WARMUP (3 s), BENCH_DURATION (10 s), BENCH_STARTS (5; 0 skips start-up),
//      BENCH_CONNECTIONS (50), BENCH_PRISM_SILENT (1: also measure `prism mock -v silent`; 0: skip),
//      BENCH_REDIS (1: also authmock on a local redis-server, one and two instances; 0: skip),
//      BENCH_ONLY (comma-separated server keys, e.g. authmock,authmockNoJournal,authmockRedis,authmockRedisNoJournal,authmockRedis2;
//      authmock is always in), BENCH_ENDPOINTS (comma-separated endpoint keys: me,token,login; default all),
//      BENCH_OUT (directory for results.json and results.svg; default bench/).
// Paired servers (a server and the same one without its journal) are measured back to back in every
// round, in alternating order, and their cost is the median of the rounds' ratios: the noise of a
// busy machine moves both alike. The Redis ÷ SQLite ratios are medians of the rounds' ratios too.
// Each run also records the CPU time the server's processes (and Redis, for a Redis server) spent per
// request: what a request costs, which other processes on the machine disturb less than req/s.
// Writes bench/results.json and its chart bench/results.svg; prints a table and its markdown version. Exit status 1 when
// a server fails to start or to answer the verification requests, or when the measured
// load got any non-2xx answer or error (those counts are in the table). A missed target
// is reported, not a failure.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform, arch, loadavg } from 'node:os';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HOST,
  cleanup,
  cpuMsOf,
  freePort,
  installCleanupHandlers,
  median,
  memoryOf,
  sleep,
  spawnNode,
  stop,
  tempDir,
  waitFor200,
} from '../bench/lib.mjs';
import { writeBenchChart } from './bench-chart.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = (name, fallback) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${v}`);
  return n;
};
const ROUNDS = Math.max(1, Math.round(env('BENCH_ROUNDS', 3)));
const WARMUP = env('BENCH_WARMUP', 3);
const DURATION = Math.max(1, env('BENCH_DURATION', 10));
const STARTS = Math.round(env('BENCH_STARTS', 5));
const CONNECTIONS = Math.max(1, Math.round(env('BENCH_CONNECTIONS', 50)));
const PRISM_SILENT = env('BENCH_PRISM_SILENT', 1) !== 0;
const REDIS_SERVER = '/usr/bin/redis-server';
const WITH_REDIS = env('BENCH_REDIS', 1) !== 0 && existsSync(REDIS_SERVER);
const ONLY = process.env.BENCH_ONLY ? new Set(['authmock', ...process.env.BENCH_ONLY.split(',').map((s) => s.trim())]) : undefined;
const OUT_DIR = process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : undefined;
/** the redis-server the Redis columns share, started in main() */
const redis = { url: '', pid: 0 };

const AUTHMOCK_BIN = join(ROOT, 'bin', 'authmock.js');
const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js'); // node_modules/.bin/prism -> this
const EXPRESS_BIN = join(ROOT, 'bench', 'bare-express.mjs');
const NODE_BIN = join(ROOT, 'bench', 'bare-node.mjs');
const COMMERCE_SPEC = join(ROOT, 'specs', 'commerce.openapi.yaml');
const SOCIAL_SPEC = join(ROOT, 'specs', 'social.openapi.yaml');

const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };

const ALL_ENDPOINTS = [
  { key: 'me', label: 'GET /customers/me', api: 'commerce', method: 'GET', path: '/V1/customers/me', status: 200 },
  {
    key: 'token',
    label: 'POST customer token',
    api: 'commerce',
    method: 'POST',
    path: '/V1/integration/customer/token',
    body: CUSTOMER,
    status: 200,
  },
  {
    key: 'login',
    label: 'POST social login',
    api: 'social',
    method: 'POST',
    path: '/socialapi/auth/post/login',
    body: SOCIAL,
    status: 201,
  },
];

const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS ? new Set(process.env.BENCH_ENDPOINTS.split(',').map((s) => s.trim())) : undefined;
const ENDPOINTS = ONLY_ENDPOINTS ? ALL_ENDPOINTS.filter((e) => ONLY_ENDPOINTS.has(e.key)) : ALL_ENDPOINTS;
// the servers verify() asks for a token first: the token endpoint is always known
const TOKEN_ENDPOINT = ALL_ENDPOINTS.find((e) => e.key === 'token');

// Prism mocks the spec's `paths` as they are: it does not prepend the `servers` path
// (`{base_url}/rest`), so its commerce routes are /V1/... (/rest/V1/... is a 404
// NO_PATH_MATCHED_ERROR there). authmock and the bare app serve /rest/V1/....
const ALL_SERVERS = [
  {
    key: 'authmock',
    label: 'authmock',
    commercePrefix: '/rest',
    // Run as users run it (npm start, npx authmock): the bin itself, with its shebang's flags.
    start: (p, state) => [
      { api: 'both', direct: true, args: [AUTHMOCK_BIN, 'serve', '--port', p, '--state', state, '--log-level', 'info'] },
    ],
  },
  {
    // the journal is on by default: the same server without it shows what it costs (at most 10 % on GET me)
    key: 'authmockNoJournal',
    label: 'authmock --journal-size 0',
    commercePrefix: '/rest',
    start: (p, state) => [
      {
        api: 'both',
        direct: true,
        args: [AUTHMOCK_BIN, 'serve', '--port', p, '--state', state, '--log-level', 'info', '--journal-size', '0'],
      },
    ],
  },
  ...(WITH_REDIS
    ? [
        {
          key: 'authmockRedis',
          label: 'authmock on Redis',
          commercePrefix: '/rest',
          start: (p) => [
            { api: 'both', direct: true, args: [AUTHMOCK_BIN, 'serve', '--port', p, '--state', redis.url, '--log-level', 'info'] },
          ],
        },
        {
          // the journal in Redis costs a write per request: the same server without it shows how much (at most 10 % on GET me)
          key: 'authmockRedisNoJournal',
          label: 'authmock on Redis --journal-size 0',
          commercePrefix: '/rest',
          start: (p) => [
            {
              api: 'both',
              direct: true,
              args: [AUTHMOCK_BIN, 'serve', '--port', p, '--state', redis.url, '--log-level', 'info', '--journal-size', '0'],
            },
          ],
        },
        {
          // two processes on one Redis, the load split between them (pair): what a second instance adds
          key: 'authmockRedis2',
          label: 'authmock on Redis ×2',
          commercePrefix: '/rest',
          pair: true,
          start: (p, _s, p2) =>
            [p, p2].map((port) => ({
              api: 'both',
              direct: true,
              args: [AUTHMOCK_BIN, 'serve', '--port', port, '--state', redis.url, '--log-level', 'info'],
            })),
        },
      ]
    : []),
  {
    key: 'prism',
    label: 'Prism (default logging)',
    commercePrefix: '',
    start: (p, _s, p2) => [
      { api: 'commerce', args: [PRISM_BIN, 'mock', '-h', HOST, '-p', p, COMMERCE_SPEC] },
      { api: 'social', args: [PRISM_BIN, 'mock', '-h', HOST, '-p', p2, SOCIAL_SPEC] },
    ],
  },
  ...(PRISM_SILENT
    ? [
        {
          key: 'prismSilent',
          label: 'Prism -v silent',
          commercePrefix: '',
          start: (p, _s, p2) => [
            { api: 'commerce', args: [PRISM_BIN, 'mock', '-v', 'silent', '-h', HOST, '-p', p, COMMERCE_SPEC] },
            { api: 'social', args: [PRISM_BIN, 'mock', '-v', 'silent', '-h', HOST, '-p', p2, SOCIAL_SPEC] },
          ],
        },
      ]
    : []),
  {
    key: 'express',
    label: 'bare Express 5',
    commercePrefix: '/rest',
    start: (p) => [{ api: 'both', args: [EXPRESS_BIN, '--port', p] }],
  },
  {
    // what Node itself can do: node:http answering a constant (issue #15: GET me at least 0.35 of it)
    key: 'node',
    label: 'bare node:http',
    commercePrefix: '/rest',
    start: (p) => [{ api: 'both', args: [NODE_BIN, '--port', p] }],
  },
];
const SERVERS = ONLY ? ALL_SERVERS.filter((s) => ONLY.has(s.key)) : ALL_SERVERS;

/** A server with its journal, and the same server without it: measured back to back, in alternating order. */
const JOURNAL_PAIRS = [
  { what: 'SQLite', on: 'authmock', off: 'authmockNoJournal' },
  { what: 'Redis', on: 'authmockRedis', off: 'authmockRedisNoJournal' },
];

/** The servers of one round, in its order: the servers rotate, each journal pair stays together, its order alternating. */
function roundOrder(servers, round) {
  const partnerOf = new Map(JOURNAL_PAIRS.map((p) => [p.on, p.off]));
  const partners = new Set(JOURNAL_PAIRS.filter((p) => servers.some((s) => s.def.key === p.on)).map((p) => p.off));
  const units = servers
    .filter((s) => !partners.has(s.def.key))
    .map((s) => [s, ...servers.filter((o) => o.def.key === partnerOf.get(s.def.key))]);
  const rotated = units.map((_, i) => units[(i + round) % units.length]);
  return rotated.flatMap((unit) => (round % 2 ? [...unit].reverse() : unit));
}

const PROBE_PATH = '/V1/directory/countries'; // on the commerce API, behind its prefix

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

/** Starts one server (one or two processes) and waits until each answers the probe. */
async function startServer(def) {
  const ports = [await freePort(), await freePort()];
  const state = tempDir();
  const procs = def.start(String(ports[0]), state, String(ports[1])).map((spec, i) => ({
    ...spec,
    port: ports[i],
    child: spawnNode(spec.args, { cwd: ROOT, direct: spec.direct }),
  }));
  for (const p of procs) {
    const url =
      p.api === 'social'
        ? `http://${HOST}:${p.port}/socialapi/auth/post/login`
        : `http://${HOST}:${p.port}${def.commercePrefix}${PROBE_PATH}`;
    if (p.api === 'social') {
      // no GET route on the social spec that needs no auth: wait for the port to answer at all
      await waitForAnyAnswer(url, p.child);
    } else {
      await waitFor200(url, p.child);
    }
  }
  const base = (api) => `http://${HOST}:${(procs.find((p) => p.api === api) ?? procs[0]).port}`;
  return { def, procs, base };
}

async function waitForAnyAnswer(url, child) {
  const t0 = performance.now();
  for (;;) {
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      if (child.exitCode !== null) throw new Error(`${url}: exited\n${child.stderrTail}`);
      if (performance.now() - t0 > 30_000) throw new Error(`${url}: no answer within 30 s\n${child.stderrTail}`);
      await sleep(20);
    }
  }
}

function targetFor(server, ep, bearer) {
  const url = ep.api === 'social' ? server.base('social') + ep.path : server.base('commerce') + server.def.commercePrefix + ep.path;
  const headers = { accept: 'application/json' };
  if (ep.body) headers['content-type'] = 'application/json';
  if (ep.key === 'me') headers.authorization = `Bearer ${bearer}`;
  return { url, method: ep.method, headers, body: ep.body ? JSON.stringify(ep.body) : undefined, status: ep.status };
}

/** One real request per endpoint; checks status and the body's shape. Throws on anything wrong. */
async function verify(server) {
  const t = targetFor(server, TOKEN_ENDPOINT);
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const token = await res.json().catch(() => undefined);
  if (res.status !== 200 || typeof token !== 'string')
    throw new Error(`${server.def.label}: token POST answered ${res.status} ${JSON.stringify(token)}`);
  server.targets = {};
  for (const ep of ENDPOINTS) {
    const target = targetFor(server, ep, token);
    const r = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
    const body = await r.json().catch(() => undefined);
    const shapeOk =
      ep.key === 'me'
        ? body?.email === CUSTOMER.username
        : ep.key === 'token'
          ? typeof body === 'string'
          : typeof body?.user?.userToken === 'string';
    if (r.status !== ep.status || !shapeOk) {
      throw new Error(
        `${server.def.label} ${ep.label}: expected ${ep.status} with the right body, got ${r.status} ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    server.targets[ep.key] = target;
  }
  // a few more requests so that the idle figure is "after start and a few requests"
  for (let i = 0; i < 5; i++) {
    for (const ep of ENDPOINTS) {
      const tg = server.targets[ep.key];
      await (await fetch(tg.url, { method: tg.method, headers: tg.headers, body: tg.body })).arrayBuffer();
    }
  }
}

function load(target, seconds, connections = CONNECTIONS) {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 10,
  });
}

/** A server of two processes (pair): half the connections on each at once, their throughput summed. */
async function loadServer(s, target, seconds) {
  if (!s.def.pair) return load(target, seconds);
  const other = { ...target, url: target.url.replace(`:${s.procs[0].port}/`, `:${s.procs[1].port}/`) };
  const half = Math.max(1, Math.round(CONNECTIONS / 2));
  const [a, b] = await Promise.all([load(target, seconds, half), load(other, seconds, CONNECTIONS - half)]);
  const codes = { ...a.statusCodeStats };
  for (const [k, v] of Object.entries(b.statusCodeStats ?? {})) codes[k] = { count: (codes[k]?.count ?? 0) + v.count };
  return {
    requests: { average: a.requests.average + b.requests.average, total: a.requests.total + b.requests.total },
    latency: { p50: Math.max(a.latency.p50, b.latency.p50), p99: Math.max(a.latency.p99, b.latency.p99) },
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodeStats: codes,
  };
}

/** The commit measured, '+dirty' when the work tree has changes; 'unknown' outside git. */
function gitCommit() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : '');
  } catch {
    return 'unknown';
  }
}

const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const fmt1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const fmt2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');

async function main() {
  installCleanupHandlers();
  const started = new Date();
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    platform: `${platform()} ${release()} ${arch()}`,
    totalMemMB: Math.round(totalmem() / 2 ** 20),
    date: started.toISOString(),
    loadAvgAtStart: loadavg().map((x) => +x.toFixed(2)),
    commit: gitCommit(),
  };
  const settings = {
    rounds: ROUNDS,
    warmupSeconds: WARMUP,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    starts: STARTS,
    host: HOST,
  };
  const estimate = ROUNDS * ENDPOINTS.length * SERVERS.length * (WARMUP + DURATION);
  console.log(`authmock benchmark on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}`);
  console.log(
    `load: ${CONNECTIONS} connections, ${WARMUP} s warm-up (discarded) + ${DURATION} s measured, ${ROUNDS} round(s); about ${Math.ceil(estimate / 60)} min of load\n`,
  );

  if (WITH_REDIS) {
    // Redis with its own defaults (RDB snapshots, no AOF) in a throw-away directory
    const port = await freePort();
    const child = spawnNode([REDIS_SERVER, '--port', String(port), '--bind', HOST, '--dir', tempDir('authmock-bench-redis-')], {
      direct: true,
    });
    redis.url = `redis://${HOST}:${port}/0`;
    redis.pid = child.pid;
    for (let t0 = performance.now(); !(await probeRedis(port)); await sleep(20)) {
      if (child.exitCode !== null || performance.now() - t0 > 10_000) throw new Error(`redis-server did not start:\n${child.stderrTail}`);
    }
  }

  // ---- start-up: spawn to first 200, median of STARTS, servers interleaved --------------
  const startupDefs = STARTS
    ? SERVERS.filter((s) => s.key !== 'prismSilent' && s.key !== 'authmockNoJournal' && !s.key.startsWith('authmockRedis'))
    : [];
  const startup = Object.fromEntries(startupDefs.map((s) => [s.key, []]));
  for (let i = 0; i < STARTS; i++) {
    for (const def of startupDefs) {
      const port = await freePort();
      const spec = def.start(String(port), tempDir(), String(await freePort()))[0]; // Prism: the commerce process
      const t0 = performance.now();
      const child = spawnNode(spec.args, { cwd: ROOT, direct: spec.direct });
      const ms = await waitFor200(`http://${HOST}:${port}${def.commercePrefix}${PROBE_PATH}`, child, { since: t0, everyMs: 5 });
      startup[def.key].push(ms);
      await stop(child);
    }
    process.stdout.write(
      `start-up ${i + 1}/${STARTS}: ${startupDefs.map((d) => `${d.key} ${Math.round(startup[d.key].at(-1))} ms`).join(', ')}\n`,
    );
  }

  // ---- long-running servers -------------------------------------------------------------
  const servers = [];
  for (const def of SERVERS) servers.push(await startServer(def));
  for (const s of servers) await verify(s);
  await sleep(1000);
  for (const s of servers) s.idle = s.procs.map((p) => ({ api: p.api, ...memoryOf(p.child.pid) }));
  console.log(`\nall servers answer every benchmark request with the expected 2xx; measuring\n`);

  // ---- load: rounds alternate the server order ------------------------------------------
  const runs = {}; // `${server}/${endpoint}` -> [round results]
  for (let round = 0; round < ROUNDS; round++) {
    const order = roundOrder(servers, round);
    for (const ep of ENDPOINTS) {
      for (const s of order) {
        const target = s.targets[ep.key];
        if (WARMUP > 0) await loadServer(s, target, WARMUP);
        const pids = [...s.procs.map((p) => p.child.pid), ...(s.def.key.startsWith('authmockRedis') ? [redis.pid] : [])];
        const cpuMs = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
        const cpu0 = cpuMs();
        const r = await loadServer(s, target, DURATION);
        const row = {
          reqPerSec: r.requests.average,
          cpuUsPerReq: ((cpuMs() - cpu0) * 1000) / r.requests.total,
          p50: r.latency.p50,
          p99: r.latency.p99,
          total: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
        };
        (runs[`${s.def.key}/${ep.key}`] ??= []).push(row);
        const bad = row.non2xx + row.errors + row.timeouts;
        process.stdout.write(
          `round ${round + 1}/${ROUNDS} ${ep.label.padEnd(20)} ${s.def.label.padEnd(24)} ${fmtInt(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${bad ? `  !! ${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} timeouts ${JSON.stringify(row.statusCodes)}` : ''}\n`,
        );
      }
    }
  }
  for (const s of servers) s.peak = s.procs.map((p) => ({ api: p.api, ...memoryOf(p.child.pid) }));

  // ---- summary ----------------------------------------------------------------------------
  const summary = {};
  for (const s of servers) {
    for (const ep of ENDPOINTS) {
      const rs = runs[`${s.def.key}/${ep.key}`];
      summary[`${s.def.key}/${ep.key}`] = {
        server: s.def.key,
        endpoint: ep.key,
        reqPerSec: median(rs.map((r) => r.reqPerSec)),
        cpuUsPerReq: median(rs.map((r) => r.cpuUsPerReq)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
        errors: rs.reduce((a, r) => a + r.errors + r.timeouts, 0),
        rounds: rs,
      };
    }
  }
  const rps = (server, ep) => summary[`${server}/${ep}`]?.reqPerSec;
  /** the median of the rounds' ratios a ÷ b: each round's two measurements were taken close together */
  const paired = (a, b, ep, of = 'reqPerSec') => {
    const ra = runs[`${a}/${ep}`];
    const rb = runs[`${b}/${ep}`];
    return ra && rb ? median(ra.map((r, i) => r[of] / rb[i][of])) : NaN;
  };
  const ratios = {};
  for (const ep of ENDPOINTS) {
    ratios[ep.key] = {
      vsPrism: rps('authmock', ep.key) / rps('prism', ep.key),
      vsPrismSilent: PRISM_SILENT ? rps('authmock', ep.key) / rps('prismSilent', ep.key) : undefined,
      vsExpress: rps('authmock', ep.key) / rps('express', ep.key),
      vsNode: rps('authmock', ep.key) / rps('node', ep.key),
      // issues #13 and #29: authmock on Redis against authmock on SQLite, and two instances on one Redis against one
      redisVsSqlite: paired('authmockRedis', 'authmock', ep.key),
      twoVsOneOnRedis: paired('authmockRedis2', 'authmockRedis', ep.key),
      // what the journal costs: journal-off ÷ on − 1, per round, the pair measured back to back
      journalCost: Object.fromEntries(JOURNAL_PAIRS.map((p) => [p.what, paired(p.off, p.on, ep.key) - 1])),
      // the same in CPU time per request (the Redis server's included): journal-on ÷ off − 1, and SQLite ÷ Redis
      journalCostCpu: Object.fromEntries(JOURNAL_PAIRS.map((p) => [p.what, paired(p.on, p.off, ep.key, 'cpuUsPerReq') - 1])),
      redisVsSqliteCpu: paired('authmock', 'authmockRedis', ep.key, 'cpuUsPerReq'),
    };
  }
  const ratioOf = (ep, key) => ratios[ep]?.[key] ?? NaN;
  const mem = (s, which) => s.map((m) => m[which]);
  const memory = Object.fromEntries(
    servers.map((s) => [s.def.key, { processes: s.procs.map((p) => p.api), idleMB: mem(s.idle, 'rssMB'), peakMB: mem(s.peak, 'hwmMB') }]),
  );
  const startupMs = Object.fromEntries(
    Object.entries(startup).map(([k, v]) => [k, { median: median(v), all: v.map((x) => +x.toFixed(1)) }]),
  );

  const FLOORS = [
    { what: 'authmock/Prism GET me', value: ratioOf('me', 'vsPrism'), floor: 3.0, kind: 'min' },
    { what: 'authmock/Prism customer token', value: ratioOf('token', 'vsPrism'), floor: 2.5, kind: 'min' },
    { what: 'authmock/Prism social login', value: ratioOf('login', 'vsPrism'), floor: 2.5, kind: 'min' },
    { what: 'authmock/bare Express GET me', value: ratioOf('me', 'vsExpress'), floor: 1.6, kind: 'min' },
    { what: 'authmock/bare Express customer token', value: ratioOf('token', 'vsExpress'), floor: 1.4, kind: 'min' },
    { what: 'authmock/bare Express social login', value: ratioOf('login', 'vsExpress'), floor: 1.4, kind: 'min' },
    { what: 'authmock/bare node:http GET me', value: ratioOf('me', 'vsNode'), floor: 0.35, kind: 'min' },
    ...(WITH_REDIS
      ? [
          { what: 'authmock on Redis ÷ on SQLite, GET me', value: ratioOf('me', 'redisVsSqlite'), floor: 0.8, kind: 'min' },
          { what: 'authmock on Redis ÷ on SQLite, customer token', value: ratioOf('token', 'redisVsSqlite'), floor: 0.7, kind: 'min' },
          { what: 'authmock on Redis ÷ on SQLite, social login', value: ratioOf('login', 'redisVsSqlite'), floor: 0.7, kind: 'min' },
        ]
      : []),
    ...JOURNAL_PAIRS.filter((p) => p.what === 'SQLite' || WITH_REDIS).map((p) => ({
      what: `journal cost on GET me, ${p.what} (journal-off ÷ on − 1, paired rounds)`,
      value: ratios.me?.journalCost[p.what] ?? NaN,
      floor: 0.1,
      kind: 'max',
    })),
    { what: 'authmock start-up (ms, median)', value: startupMs.authmock?.median ?? NaN, floor: 250, kind: 'max' },
    { what: 'authmock idle RSS (MB)', value: memory.authmock.idleMB[0], floor: 80, kind: 'max' },
    { what: 'authmock peak RSS under load (MB)', value: memory.authmock.peakMB[0], floor: 130, kind: 'max' },
  ].map((t) => ({ ...t, met: t.kind === 'min' ? t.value >= t.floor : t.value <= t.floor }));

  // ---- tables -----------------------------------------------------------------------------
  const loadHeader = ['server', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'non-2xx/errors', 'authmock ÷ this'];
  const loadRows = [];
  for (const ep of ENDPOINTS) {
    for (const s of servers) {
      const r = summary[`${s.def.key}/${ep.key}`];
      const ratio = s.def.key === 'authmock' ? '' : fmt2(rps('authmock', ep.key) / r.reqPerSec);
      loadRows.push([
        s.def.label,
        ep.label,
        fmtInt(r.reqPerSec),
        fmt1(r.p50),
        fmt1(r.p99),
        fmtInt(r.cpuUsPerReq),
        `${r.non2xx}/${r.errors}`,
        ratio,
      ]);
    }
  }
  const memCell = (arr) => arr.map((x) => Math.round(x)).join(' + ');
  const resHeader = ['server', 'start-up ms (median)', 'first start ms', 'idle RSS MB', 'peak RSS MB'];
  const resRows = servers.map((s) => [
    s.def.label + (s.procs.length > 1 ? (s.def.pair ? ' (two processes)' : ' (commerce + social)') : ''),
    startupMs[s.def.key] ? fmtInt(startupMs[s.def.key].median) : '(as above)',
    startupMs[s.def.key] ? fmtInt(startupMs[s.def.key].all[0]) : '',
    memCell(memory[s.def.key].idleMB),
    memCell(memory[s.def.key].peakMB),
  ]);
  const targetHeader = ['target', 'measured', 'floor', 'met'];
  const targetRows = FLOORS.map((t) => [
    t.what,
    t.kind === 'min' || t.floor < 1 ? fmt2(t.value) : fmtInt(t.value),
    `${t.kind === 'min' ? '≥' : '≤'} ${t.floor}`,
    t.met ? 'yes' : 'NO',
  ]);
  // what a second instance adds is reported, with no floor (two cores: both compete with Redis and the load),
  // and the ratios again in CPU time per request, which the machine's other work disturbs less
  if (WITH_REDIS) {
    for (const ep of ENDPOINTS)
      targetRows.push([`two instances ÷ one on Redis, ${ep.label}`, fmt2(ratioOf(ep.key, 'twoVsOneOnRedis')), '', '']);
    for (const ep of ENDPOINTS) {
      targetRows.push([
        `CPU per request: on SQLite ÷ on Redis (Redis's own included), ${ep.label}`,
        fmt2(ratioOf(ep.key, 'redisVsSqliteCpu')),
        '',
        '',
      ]);
    }
  }
  for (const p of JOURNAL_PAIRS.filter((pair) => pair.what === 'SQLite' || WITH_REDIS)) {
    targetRows.push([`CPU per request: journal cost on GET me, ${p.what} (on ÷ off − 1)`, fmt2(ratios.me?.journalCostCpu[p.what]), '', '']);
  }

  const plain = (header, rows, right) => {
    const all = [header, ...rows];
    const w = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
    const line = (r) => r.map((c, i) => (right.includes(i) ? String(c).padStart(w[i]) : String(c).padEnd(w[i]))).join('  ');
    return [line(header), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
  };
  const markdown = (header, rows, right) =>
    [
      `| ${header.join(' | ')} |`,
      `|${header.map((_, i) => (right.includes(i) ? '---:' : '---')).join('|')}|`,
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');

  const caption =
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${started.toISOString().slice(0, 10)}; autocannon ${CONNECTIONS} connections, ` +
    `${DURATION} s after a ${WARMUP} s warm-up, median of ${ROUNDS} round(s) alternating the servers, 127.0.0.1; ` +
    `the ratios between authmock's variants are medians of each round's ratio, a server and its journal-off twin measured back to back. ` +
    `authmock with its defaults (SQLite state, request and response validation, log level info). Prism 5.14.2 needs one process per spec; ` +
    `its log goes to /dev/null. Start-up: spawn to first 200 on GET /rest/V1/directory/countries, median of ${STARTS} ` +
    `(authmock's first start may compile the specs and fill its cache in .authmock/cache; later starts read it).` +
    (WITH_REDIS
      ? ` authmock on Redis: --state redis:// on a local redis-server with Redis's defaults (no AOF), its journal in Redis too; ×2: two authmock processes on that Redis, ` +
        `the connections split between them and their req/s summed (both processes, Redis and autocannon share the ${machine.cores} cores).`
      : '');

  console.log('\n' + plain(loadHeader, loadRows, [2, 3, 4, 5, 6, 7]));
  console.log('\n' + plain(resHeader, resRows, [1, 2, 3, 4]));
  console.log('\n' + plain(targetHeader, targetRows, [1]));
  const md = [
    caption,
    '',
    markdown(loadHeader, loadRows, [2, 3, 4, 5, 6, 7]),
    '',
    markdown(resHeader, resRows, [1, 2, 3, 4]),
    '',
    markdown(targetHeader, targetRows, [1]),
  ].join('\n');
  console.log('\n--- markdown (for the README) ---\n' + md + '\n--- end ---');

  machine.loadAvgAtEnd = loadavg().map((x) => +x.toFixed(2));
  if (machine.loadAvgAtStart[0] > 0.5) {
    console.log(`\nnote: load average was ${machine.loadAvgAtStart[0]} when the benchmark started: other processes share the CPU`);
  }
  const broken = Object.values(summary).filter((r) => r.non2xx + r.errors > 0);
  const results = {
    machine,
    settings,
    prismPaths: { commerce: '/V1/... (the spec paths without the servers prefix /rest)', social: '/socialapi/...' },
    load: Object.values(summary),
    ratios,
    startupMs,
    memory,
    targets: FLOORS,
    clean: broken.length === 0,
    markdown: md,
    labels: {
      servers: Object.fromEntries(SERVERS.map((s) => [s.key, s.label])),
      endpoints: Object.fromEntries(ENDPOINTS.map((e) => [e.key, e.label])),
    },
  };
  const resultsFile = join(OUT_DIR ?? join(ROOT, 'bench'), 'results.json');
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nwritten: ${resultsFile}`);
  console.log(`written: ${writeBenchChart(resultsFile)}`);
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
