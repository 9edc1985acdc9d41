// The benchmark's section for a spec's stored resources (issue #40, "Speed and size"), run by scripts/bench.mjs:
// - an authenticated create (POST /api/todos, the body validated, a new to-do each) and read (GET /api/todos/{id}
//   of a few hundred stored) on the to-do spec (test/resources/specs/), through authmock's bin on its default SQLite
//   state in a temporary directory with a bearer from the spec's bound login, against Mockoon CLI 9.9's CRUD route
//   over a data bucket (bench/mockoon-todos.json) and json-server 0.17 on a db.json of its own; neither checks a
//   credential. The servers are interleaved in short runs; the CPU their processes spend is counted per request.
// - authmock holding 100,000 to-dos against authmock holding a few hundred: GET by id and a 20-item page from
//   the middle, interleaved the same way; the large one's RSS once loaded (through HTTP POSTs, bounded in time).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { HOST, freePort, memoryOf, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';
import { runInterleavedGroups, verifyTarget } from './groups.mjs';

export const SEEDED = 300; // to-dos read by GET, in every server
export const LARGE = 100_000; // to-dos in the large collection
const LOAD_LIMIT_MS = 300_000; // loading the large collection stops here, whatever it reached
const LOAD_CONNECTIONS = 100;
const TODO = { title: 'Buy milk', done: false };
const USER = { username: 'alice', password: 'alice-pass' }; // test/resources/specs/todo.authmock.yaml
const JSON_TYPE = { 'content-type': 'application/json' };

function binsOf(root) {
  const bins = {
    authmock: join(root, 'bin', 'authmock.js'),
    spec: join(root, 'test', 'resources', 'specs', 'todo.openapi.yaml'),
    mockoon: join(root, 'node_modules', '@mockoon', 'cli', 'bin', 'run.js'), // node_modules/.bin/mockoon-cli -> this
    mockoonData: join(root, 'bench', 'mockoon-todos.json'),
    jsonServer: join(root, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js'), // node_modules/.bin/json-server -> this
  };
  for (const peer of ['mockoon', 'jsonServer'])
    if (!existsSync(bins[peer])) throw new Error(`${bins[peer]} is missing: npm install (the peers are devDependencies)`);
  return bins;
}

/** Starts `args` (a bin run directly, so its shebang applies) and waits for a 200 at `probePath`. */
async function startServer({ key, label, base, args, cwd, probePath }) {
  const port = String(await freePort());
  const child = spawnNode(args(port), { cwd, direct: true });
  const url = `http://${HOST}:${port}`;
  await waitFor200(`${url}${probePath}`, child, { everyMs: 20 });
  return { key, label, base, child, pids: [child.pid], url };
}

/** authmock serving the to-do spec as a user runs it: its bin, log level info, its SQLite state in a directory of its own. */
function startAuthmock(bins, key, label) {
  return startServer({
    key,
    label,
    base: '/api',
    args: (p) => [bins.authmock, 'serve', bins.spec, '--port', p, '--log-level', 'info', '--state', join(tempDir(), 'state')],
    cwd: tempDir(),
    probePath: '/__authmock/health',
  });
}

async function startPeers(bins) {
  // json-server writes its db.json on every change: a copy in a directory of its own
  const dbDir = tempDir();
  writeFileSync(join(dbDir, 'db.json'), JSON.stringify({ todos: [] }));
  return {
    mockoon: await startServer({
      key: 'mockoon',
      label: 'Mockoon CLI 9.9, CRUD route',
      base: '',
      args: (p) => [bins.mockoon, 'start', '-d', bins.mockoonData, '-p', p, '-l', HOST, '--disable-log-to-file', '--disable-admin-api'],
      cwd: tempDir(),
      probePath: '/todos',
    }),
    jsonServer: await startServer({
      key: 'jsonServer',
      label: 'json-server 0.17',
      base: '',
      args: (p) => [bins.jsonServer, join(dbDir, 'db.json'), '--port', p, '--host', HOST],
      cwd: dbDir,
      probePath: '/todos',
    }),
  };
}

/** alice's bearer from the spec's bound login (POST /api/login answers {token}). */
async function logIn(authmock) {
  const body = await verifyTarget({
    server: authmock,
    url: `${authmock.url}/api/login`,
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(USER),
    status: 200,
  });
  return { authorization: `Bearer ${JSON.parse(body).token}` };
}

/** `count` to-dos made through the server's POST, ten at a time; their ids in order. */
async function seed(server, auth, count) {
  const ids = new Array(count);
  const one = async (i) => {
    const res = await fetch(`${server.url}${server.base}/todos`, {
      method: 'POST',
      headers: { ...JSON_TYPE, ...auth },
      body: JSON.stringify({ ...TODO, title: `To-do ${i}` }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`${server.label}: seeding answered ${res.status} ${body.slice(0, 300)}`);
    ids[i] = JSON.parse(body).id;
  };
  for (let i = 0; i < count; i += 10) await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, k) => one(i + k)));
  return ids;
}

/** `count` more to-dos through HTTP POSTs on many connections, stopped after LOAD_LIMIT_MS; ms taken and how many now held. */
async function load(server, auth, count, log) {
  const t0 = performance.now();
  const run = autocannon({
    url: `${server.url}${server.base}/todos`,
    method: 'POST',
    headers: { ...JSON_TYPE, ...auth },
    body: JSON.stringify(TODO),
    connections: LOAD_CONNECTIONS,
    amount: count,
    timeout: 10,
  });
  const limit = setTimeout(() => run.stop(), LOAD_LIMIT_MS);
  let r;
  try {
    r = await run; // a thenable, not a promise
  } finally {
    clearTimeout(limit);
  }
  if (r.non2xx + r.errors + r.timeouts > 0)
    throw new Error(`${server.label}: loading answered ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  const ms = performance.now() - t0;
  const held = await sizeOf(server, auth);
  log(
    `${server.label}: ${r.requests.total.toLocaleString('en-US')} POSTs in ${(ms / 1000).toFixed(1)} s, ${held.toLocaleString('en-US')} held\n`,
  );
  return { ms, held };
}

/** How many to-dos a server holds: authmock's page total, the peers' X-Total-Count. */
async function sizeOf(server, auth) {
  const query = server.key === 'jsonServer' ? '?_limit=1' : '?limit=1';
  const res = await fetch(`${server.url}${server.base}/todos${query}`, { headers: auth });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${server.label}: counting answered ${res.status} ${body.slice(0, 300)}`);
  return server.key.startsWith('authmock') ? JSON.parse(body).total : Number(res.headers.get('x-total-count'));
}

/** A GET of each id in turn (autocannon's setupRequest), the first one's URL for the check before the load. */
function getEach(server, ids, headers) {
  const path = (id) => `${server.base}/todos/${encodeURIComponent(id)}`;
  let next = 0;
  return {
    server,
    url: `${server.url}${path(ids[0])}`,
    method: 'GET',
    headers,
    status: 200,
    requests: [{ setupRequest: (req) => ({ ...req, path: path(ids[next++ % ids.length]) }) }],
  };
}

const create = (server, headers) => ({
  server,
  url: `${server.url}${server.base}/todos`,
  method: 'POST',
  headers: { ...JSON_TYPE, ...headers },
  body: JSON.stringify(TODO),
  status: 201,
});

/** ids spread over a collection of `n` integer ids (authmock's are 1, 2, …): every `n / k`th. */
const spread = (n, k) => Array.from({ length: k }, (_, i) => Math.floor((i * n) / k) + 1);

function peerGroups(s, auth, ids) {
  const vs = [
    { ours: 'authmock', theirs: 'mockoon', floor: 4 },
    { ours: 'authmock', theirs: 'jsonServer', floor: 4 },
  ];
  const servers = [s.authmock, s.mockoon, s.jsonServer];
  const headersOf = (server) => (server.key === 'authmock' ? auth : {});
  return [
    {
      key: 'read',
      label: `GET /todos/{id}, ${SEEDED} stored`,
      targets: servers.map((server) => getEach(server, ids[server.key], headersOf(server))),
      compare: vs,
    },
    {
      key: 'create',
      label: 'POST /todos, a new one each',
      targets: servers.map((server) => create(server, headersOf(server))),
      compare: vs,
    },
  ];
}

/** `auth`: each server's bearer, by server key (two processes, two logins). */
function sizeGroups(s, auth, sizes) {
  const servers = [s.authmockLarge, s.authmockSmall];
  const held = (server) => (server === s.authmockLarge ? sizes.large : sizes.small);
  const page = (server) => ({
    server,
    url: `${server.url}/api/todos?limit=20&offset=${Math.floor(held(server) / 2)}`,
    method: 'GET',
    headers: auth[server.key],
    status: 200,
  });
  const vs = [{ ours: 'authmockLarge', theirs: 'authmockSmall', floor: 0.67 }]; // within 1.5× of the small one
  return [
    {
      key: 'readBySize',
      label: 'GET /todos/{id}, by size',
      targets: servers.map((server) => getEach(server, spread(held(server), SEEDED), auth[server.key])),
      compare: vs,
    },
    {
      key: 'pageBySize',
      label: 'GET /todos?limit=20&offset=<middle>',
      targets: servers.map(page),
      compare: vs,
    },
  ];
}

/** Part 1: authmock against Mockoon and json-server on the same read and create; the collections' sizes after. */
async function againstPeers(bins, settings, log) {
  const s = { authmock: await startAuthmock(bins, 'authmock', 'authmock (SQLite, bearer)'), ...(await startPeers(bins)) };
  const auth = await logIn(s.authmock);
  const ids = {};
  for (const server of Object.values(s)) ids[server.key] = await seed(server, server.key === 'authmock' ? auth : {}, SEEDED);
  const groups = peerGroups(s, auth, ids);
  const measured = await runInterleavedGroups({ tag: 'resources', groups, ...settings, log });
  const finalSizes = {};
  for (const server of Object.values(s)) finalSizes[server.key] = await sizeOf(server, server.key === 'authmock' ? auth : {});
  for (const server of Object.values(s)) await stop(server.child);
  return { ...measured, servers: s, groups, finalSizes };
}

/** Part 2: authmock with LARGE to-dos against authmock with SEEDED; the large one's memory once loaded. */
async function bySize(bins, settings, log) {
  const large = LARGE.toLocaleString('en-US');
  const s = {
    authmockLarge: await startAuthmock(bins, 'authmockLarge', `authmock, ${large} to-dos`),
    authmockSmall: await startAuthmock(bins, 'authmockSmall', `authmock, ${SEEDED} to-dos`),
  };
  const auth = { authmockLarge: await logIn(s.authmockLarge), authmockSmall: await logIn(s.authmockSmall) };
  await seed(s.authmockSmall, auth.authmockSmall, SEEDED);
  const startedMB = memoryOf(s.authmockLarge.child.pid).rssMB;
  const loading = await load(s.authmockLarge, auth.authmockLarge, LARGE, log);
  const loadedMB = memoryOf(s.authmockLarge.child.pid).rssMB;
  const smallMB = memoryOf(s.authmockSmall.child.pid).rssMB;
  const sizes = { large: loading.held, small: await sizeOf(s.authmockSmall, auth.authmockSmall) };
  const groups = sizeGroups(s, auth, sizes);
  const measured = await runInterleavedGroups({ tag: 'resources', groups, ...settings, log });
  const peakMB = memoryOf(s.authmockLarge.child.pid).hwmMB;
  for (const server of Object.values(s)) await stop(server.child);
  return { ...measured, servers: s, groups, sizes, loading, memory: { startedMB, loadedMB, peakMB, smallMB } };
}

/** Runs the section; answers what scripts/bench.mjs prints and writes, in the shape of the spec section's, plus notes. */
export async function runResourcesSection({ root, rounds, warmup, duration, slice, connections, log = (s) => process.stdout.write(s) }) {
  const bins = binsOf(root);
  const settings = { rounds, warmup, duration, slice, connections };
  const peers = await againstPeers(bins, settings, log);
  const sizes = await bySize(bins, settings, log);
  const servers = { ...peers.servers, ...sizes.servers };
  const groups = [...peers.groups, ...sizes.groups];
  const fmtN = (n) => n.toLocaleString('en-US');
  return {
    load: [...peers.load, ...sizes.load],
    ratios: { ...peers.ratios, ...sizes.ratios },
    // issue #40 names no floor for memory: the RSS is in the resources table
    floors: [...peers.floors, ...sizes.floors],
    rows: [...peers.rows, ...sizes.rows],
    resources: [
      [
        `authmock, ${fmtN(sizes.sizes.large)} to-dos on SQLite (RSS once loaded)`,
        '',
        '',
        Math.round(sizes.memory.loadedMB),
        Math.round(sizes.memory.peakMB),
      ],
      [`authmock, ${fmtN(sizes.sizes.small)} to-dos on SQLite`, '', '', Math.round(sizes.memory.smallMB), ''],
    ],
    notes: [
      ...Object.entries(peers.finalSizes).map(([key, n]) => [`to-dos held after the POST runs, ${servers[key].label}`, fmtN(n)]),
      [
        `loading ${fmtN(sizes.sizes.large)} to-dos into authmock through POST (${LOAD_CONNECTIONS} connections), s`,
        (sizes.loading.ms / 1000).toFixed(1),
      ],
      [`authmock's RSS before and after loading them, MB`, `${Math.round(sizes.memory.startedMB)} → ${Math.round(sizes.memory.loadedMB)}`],
    ],
    finalSizes: peers.finalSizes,
    large: { sizes: sizes.sizes, loading: sizes.loading, memory: sizes.memory },
    labels: Object.fromEntries(Object.values(servers).map((s) => [s.key, s.label])),
    endpoints: Object.fromEntries(groups.map((g) => [g.key, g.label])),
  };
}
