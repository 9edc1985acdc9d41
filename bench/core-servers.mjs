// The core section's servers (authmock with and without its journal, on SQLite and on Redis, Prism, bare Express,
// bare node:http) and the three requests each answers; how one is started, checked and loaded.
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, freePort, sleep, spawnNode, tempDir, waitFor200 } from './lib.mjs';
import { measure } from './groups.mjs';

const ROOT = join(import.meta.dirname, '..');
const AUTHMOCK_BIN = join(ROOT, 'bin', 'authmock.js');
export const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js'); // node_modules/.bin/prism -> this
const EXPRESS_BIN = join(ROOT, 'bench', 'bare-express.mjs');
const NODE_BIN = join(ROOT, 'bench', 'bare-node.mjs');
const COMMERCE_SPEC = join(ROOT, 'specs', 'commerce.openapi.yaml');
const SOCIAL_SPEC = join(ROOT, 'specs', 'social.openapi.yaml');

const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };
export const PROBE_PATH = '/V1/directory/countries'; // on the commerce API, behind its prefix

export const ALL_ENDPOINTS = [
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

// the servers verify() asks for a token first: the token endpoint is always known
const TOKEN_ENDPOINT = ALL_ENDPOINTS.find((e) => e.key === 'token');

/** The endpoints a run measures (BENCH_ENDPOINTS), all by default. */
export function endpointsOf(settings) {
  const chosen = settings.endpoints ? ALL_ENDPOINTS.filter((e) => settings.endpoints.has(e.key)) : ALL_ENDPOINTS;
  if (chosen.length === 0) throw new Error(`BENCH_ENDPOINTS names none of ${ALL_ENDPOINTS.map((e) => e.key).join(', ')}`);
  return chosen;
}

// Prism mocks the spec's `paths` as they are: it does not prepend the `servers` path
// (`{base_url}/rest`), so its commerce routes are /V1/... (/rest/V1/... is a 404
// NO_PATH_MATCHED_ERROR there). authmock and the bare app serve /rest/V1/....
export function coreServers(settings, redis) {
  const all = [
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
    ...(settings.withRedis
      ? [
          {
            key: 'authmockRedis',
            label: 'authmock on Redis',
            commercePrefix: '/rest',
            start: (p) => [
              {
                api: 'both',
                direct: true,
                args: [AUTHMOCK_BIN, 'serve', '--port', p, '--state', redis.authmockRedis.url, '--log-level', 'info'],
              },
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
                args: [
                  AUTHMOCK_BIN,
                  'serve',
                  '--port',
                  p,
                  '--state',
                  redis.authmockRedisNoJournal.url,
                  '--log-level',
                  'info',
                  '--journal-size',
                  '0',
                ],
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
                args: [AUTHMOCK_BIN, 'serve', '--port', port, '--state', redis.authmockRedis2.url, '--log-level', 'info'],
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
    ...(settings.prismSilent
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
  return settings.only ? all.filter((s) => settings.only.has(s.key)) : all;
}

/** authmock's standard output: a file (its request log), as in CI; the others' to /dev/null. */
export const stdoutOf = (def) =>
  def.key.startsWith('authmock') ? openSync(join(tempDir('authmock-bench-log-'), 'stdout.log'), 'w') : 'ignore';

/** A server with its journal, and the same server without it: measured together, in interleaved runs (core-section.mjs). */
export const JOURNAL_PAIRS = [
  { what: 'SQLite', on: 'authmock', off: 'authmockNoJournal' },
  { what: 'Redis', on: 'authmockRedis', off: 'authmockRedisNoJournal' },
];

/** The servers of one round, in its order: the servers rotate, each journal pair stays together, its order alternating. */
export function roundOrder(servers, round) {
  const partnerOf = new Map(JOURNAL_PAIRS.map((p) => [p.on, p.off]));
  const partners = new Set(JOURNAL_PAIRS.filter((p) => servers.some((s) => s.def.key === p.on)).map((p) => p.off));
  const units = servers
    .filter((s) => !partners.has(s.def.key))
    .map((s) => [s, ...servers.filter((o) => o.def.key === partnerOf.get(s.def.key))]);
  const rotated = units.map((_, i) => units[(i + round) % units.length]);
  return rotated.flatMap((unit) => (round % 2 ? [...unit].reverse() : unit));
}

/** Starts one server (one or two processes) and waits until each answers the probe. */
export async function startServer(def) {
  const ports = [await freePort(), await freePort()];
  const state = tempDir();
  const procs = def.start(String(ports[0]), state, String(ports[1])).map((spec, i) => ({
    ...spec,
    port: ports[i],
    child: spawnNode(spec.args, { cwd: ROOT, direct: spec.direct, stdout: stdoutOf(def) }),
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
export async function verify(server) {
  const t = targetFor(server, TOKEN_ENDPOINT);
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const token = await res.json().catch(() => undefined);
  if (res.status !== 200 || typeof token !== 'string')
    throw new Error(`${server.def.label}: token POST answered ${res.status} ${JSON.stringify(token)}`);
  server.targets = {};
  for (const ep of ALL_ENDPOINTS) {
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
    for (const ep of ALL_ENDPOINTS) {
      const tg = server.targets[ep.key];
      await (await fetch(tg.url, { method: tg.method, headers: tg.headers, body: tg.body })).arrayBuffer();
    }
  }
}

/** A server of two processes (pair): half the connections on each at once, their throughput summed. */
export async function loadServer(s, target, seconds, connections) {
  if (!s.def.pair) return measure(target, seconds, connections);
  const other = { ...target, url: target.url.replace(`:${s.procs[0].port}/`, `:${s.procs[1].port}/`) };
  const half = Math.max(1, Math.round(connections / 2));
  const [a, b] = await Promise.all([measure(target, seconds, half), measure(other, seconds, connections - half)]);
  const codes = { ...a.statusCodeStats };
  for (const [k, v] of Object.entries(b.statusCodeStats ?? {})) codes[k] = { count: (codes[k]?.count ?? 0) + v.count };
  return {
    requests: { average: a.requests.average + b.requests.average, total: a.requests.total + b.requests.total },
    duration: Math.max(a.duration, b.duration),
    latency: { p50: Math.max(a.latency.p50, b.latency.p50), p99: Math.max(a.latency.p99, b.latency.p99) },
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodeStats: codes,
  };
}
