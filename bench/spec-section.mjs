// The benchmark's section for a user's own spec (issue #25), run by scripts/bench.mjs:
// - Petstore's GET /pet/{petId} through authmock with the API key and with a bearer token (from the spec's own login),
//   against `prism mock` of the same spec sent the same credentials, bare Express and bare node:http answering the pet;
// - start-up of a generated 1,000-operation spec (bench/large-spec.mjs): spawn to first 200, the first start in a fresh
//   working directory (cold: nothing cached) and the later ones in that directory (warm: .authmock/cache filled), RSS once ready;
// - RSS of a generated 50,000-operation spec at start and after 1,000 requests to different operations (bench/large-memory.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, freePort, median, memoryOf, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';
import { runGroups, verifyTarget } from './groups.mjs';
import { writeLargeSpec } from './large-spec.mjs';
import { measureLargeSpecMemory } from './large-memory.mjs';
import { measureStripeStarts } from './stripe-starts.mjs';

const PET_PATH = '/pet/10';
const PEOPLE = (root) => join(root, 'test', 'realistic', 'specs', 'people.openapi.yaml');
const MADE_PATH = '/people/7';
const API_KEY = 'special-key'; // test/byo/petstore/petstore.authmock.yaml's demo key

/** Starts `node <args>` in `cwd` and waits for a 200 at `url(port)`; the process and its base URL. */
async function startProcess(key, label, args, { cwd, probePath, direct = false }) {
  const port = await freePort();
  const child = spawnNode(args(String(port)), { cwd, direct });
  const url = `http://${HOST}:${port}`;
  await waitFor200(`${url}${probePath}`, child, { everyMs: 20 });
  return { key, label, child, url };
}

async function startServers(root, prismBin) {
  const spec = join(root, 'test', 'byo', 'petstore', 'petstore.openapi.yaml');
  const authmockBin = join(root, 'bin', 'authmock.js');
  // a spec without examples (issue #45): its GET answered from values made from the schema, once per seed and key
  const made = await startProcess(
    'authmockMade',
    'authmock (made values)',
    (p) => [authmockBin, 'serve', PEOPLE(root), '--port', p, '--log-level', 'info', '--state', join(tempDir(), 'state')],
    { cwd: tempDir(), probePath: '/__authmock/health', direct: true },
  );
  const madeBody = join(tempDir(), 'person.json');
  writeFileSync(madeBody, await verifyTarget({ server: made, url: `${made.url}${MADE_PATH}`, method: 'GET', status: 200 }));
  const servers = {
    authmockMade: made,
    // the bin as a user runs it, in a directory of its own (its state and cache in .authmock/), log level info
    authmock: await startProcess(
      'authmock',
      'authmock',
      (p) => [authmockBin, 'serve', spec, '--port', p, '--log-level', 'info', '--state', join(tempDir(), 'state')],
      { cwd: tempDir(), probePath: '/__authmock/health', direct: true },
    ),
    // Prism serves the spec's paths without the servers' /api/v3; it checks that a credential is present, not what it is
    prism: await startProcess('prism', 'prism mock', (p) => [prismBin, 'mock', spec, '-p', p, '-h', HOST], {
      cwd: root,
      probePath: '/user/login', // open: Prism answers 401 on a secured path without a credential
    }),
    express: await startProcess(
      'express',
      'bare Express 5',
      (p) => [join(root, 'bench', 'bare-express.mjs'), '--port', p, '--made-body', madeBody],
      {
        cwd: root,
        probePath: `/api/v3${PET_PATH}`,
      },
    ),
    node: await startProcess('node', 'bare node:http', (p) => [join(root, 'bench', 'bare-node.mjs'), '--port', p], {
      cwd: root,
      probePath: `/api/v3${PET_PATH}`,
    }),
  };
  return servers;
}

/** The bearer token a Petstore user gets from the spec's own GET /user/login. */
async function logIn(authmock) {
  const body = await verifyTarget({
    server: authmock,
    url: `${authmock.url}/api/v3/user/login?username=user1&password=petstore-pass-1`,
    method: 'GET',
    status: 200,
  });
  return JSON.parse(body);
}

function groupsOf(s, bearer) {
  const get = (server, headers) => ({
    server,
    url: `${server.url}${server.key === 'prism' ? '' : '/api/v3'}${PET_PATH}`,
    method: 'GET',
    headers: { accept: 'application/json', ...headers },
    status: 200,
  });
  const vs = [
    { ours: 'authmock', theirs: 'prism', floor: 3 },
    { ours: 'authmock', theirs: 'express', floor: 1.3 },
  ];
  const key = { api_key: API_KEY };
  const auth = { authorization: `Bearer ${bearer}` };
  return [
    {
      key: 'petApiKey',
      label: 'Petstore GET /pet/{petId}, API key',
      targets: [get(s.authmock, key), get(s.prism, key), get(s.express, key), get(s.node, key)],
      compare: [...vs, { ours: 'authmock', theirs: 'node' }], // node:http: the ceiling, no floor
    },
    {
      key: 'petBearer',
      label: 'Petstore GET /pet/{petId}, bearer',
      targets: [get(s.authmock, auth), get(s.prism, auth), get(s.express, auth)],
      compare: vs,
    },
    {
      key: 'madeGet',
      label: 'GET /people/{personId}, made from the schema',
      targets: [s.authmockMade, s.express].map((server) => ({
        server,
        url: `${server.url}${MADE_PATH}`,
        method: 'GET',
        headers: { accept: 'application/json' },
        status: 200,
      })),
      compare: [{ ours: 'authmockMade', theirs: 'express', floor: 1.3 }],
    },
  ];
}

/** Start-up of a generated spec: the first start cold, the others warm; ms to first 200 and RSS when ready. */
async function largeSpecStarts(root, starts, log) {
  const dir = tempDir();
  const { file, openPath, operations } = writeLargeSpec(dir, 1000);
  const count = operations.toLocaleString('en-US');
  const cwd = tempDir(); // its .authmock/cache is empty for the first start only
  const runs = [];
  for (let i = 0; i <= starts; i++) {
    const port = String(await freePort());
    const t0 = performance.now();
    const child = spawnNode([join(root, 'bin', 'authmock.js'), 'serve', file, '--port', port, '--state', 'memory', '--quiet'], {
      cwd,
      direct: true,
    });
    const ms = await waitFor200(`http://${HOST}:${port}${openPath}`, child, { since: t0, everyMs: 10, timeoutMs: 60_000 });
    runs.push({ ms, ...memoryOf(child.pid) });
    await stop(child);
    log(
      `start-up of a ${count}-operation spec ${i ? `warm ${i}/${starts}` : 'cold'}: ${Math.round(ms)} ms, RSS ${Math.round(runs.at(-1).rssMB)} MB\n`,
    );
  }
  const warm = runs.slice(1);
  return {
    operations,
    coldMs: runs[0].ms,
    coldRssMB: runs[0].rssMB,
    warmMs: median(warm.map((r) => r.ms)),
    warmRssMB: median(warm.map((r) => r.rssMB)),
    all: runs.map((r) => ({ ms: +r.ms.toFixed(1), rssMB: +r.rssMB.toFixed(1) })),
  };
}

/** Operations of the spec whose memory is measured under use. */
const LARGE_MEMORY_OPERATIONS = 50_000;

/** Runs the section; answers what scripts/bench.mjs prints and writes, in the shape of the OAuth section's. */
export async function runSpecSection({
  root,
  prismBin,
  rounds,
  warmup,
  duration,
  connections,
  starts,
  log = (s) => process.stdout.write(s),
}) {
  const large = await largeSpecStarts(root, starts, log);
  // issue #43: compiled validators stay bounded as a very large spec is used
  const huge = await measureLargeSpecMemory({ root, operations: LARGE_MEMORY_OPERATIONS, requests: 1000, log });
  // issue #45: a vendor's spec with generated collections starts nearly as fast as without
  const stripe = await measureStripeStarts({ root, starts, log });
  const servers = await startServers(root, prismBin);
  const bearer = await logIn(servers.authmock);
  const groups = groupsOf(servers, bearer);
  const measured = await runGroups({ tag: 'spec', groups, rounds, warmup, duration, connections, log });
  for (const s of Object.values(servers)) await stop(s.child);
  const startFloors = [
    {
      what: `start-up of a ${large.operations.toLocaleString('en-US')}-operation spec, warm (ms, median)`,
      value: large.warmMs,
      floor: 1500,
      kind: 'max',
    },
    {
      what: `start-up of a ${large.operations.toLocaleString('en-US')}-operation spec, cold (ms)`,
      value: large.coldMs,
      floor: 1500,
      kind: 'max',
    },
  ];
  const memoryFloor = {
    what: `RSS of a ${huge.operations.toLocaleString('en-US')}-operation spec after ${huge.requests.toLocaleString('en-US')} requests to different operations (% of its RSS at start)`,
    value: Math.round(huge.growth * 100),
    floor: 200,
    kind: 'max',
  };
  const stripeFloor = stripe.skipped
    ? []
    : [
        {
          what: "Stripe's spec with --generate 20: warm start to the first stored list, over the same without (x, median)",
          value: +stripe.generateRatio.toFixed(2),
          floor: 1.5,
          kind: 'max',
        },
      ];
  return {
    ...measured,
    floors: [...measured.floors, ...startFloors, memoryFloor, ...stripeFloor],
    largeSpec: large,
    hugeSpec: huge,
    stripe,
    notes: [
      ...(stripe.skipped
        ? [["Stripe's spec: start-up", `not measured: ${stripe.skipped}`]]
        : [
            [
              "Stripe's spec to its first stored list, warm (cold), ms: without --generate, with --generate 20, with it on --state memory",
              `${stripe.plain.warmMs} (${stripe.plain.coldMs}), ${stripe.generate.warmMs} (${stripe.generate.coldMs}), ${stripe.generateMemory.warmMs} (${stripe.generateMemory.coldMs})`,
            ],
          ]),
      [`a ${huge.operations.toLocaleString('en-US')}-operation spec: start (s)`, (huge.startMs / 1000).toFixed(1)],
      [
        `a ${huge.operations.toLocaleString('en-US')}-operation spec: RSS at start, after, peak (MB)`,
        `${Math.round(huge.rssStartMB)}, ${Math.round(huge.rssAfterMB)}, ${Math.round(huge.hwmMB)}`,
      ],
    ],
    labels: Object.fromEntries(Object.values(servers).map((s) => [s.key, s.label])),
    endpoints: Object.fromEntries(groups.map((g) => [g.key, g.label])),
  };
}
