#!/usr/bin/env node
// CPU profile of authmock under the benchmark's load, one endpoint at a time:
//   node bench/profile.mjs [me|token|login|startup ...]   (default: me token login startup)
//   node bench/profile.mjs --summarize FILE.cpuprofile ...  (a profile taken with node --cpu-prof)
// Env: PROFILE_SERVER=express profiles bench/bare-express.mjs instead (the per-request budget),
//      PROFILE_STATE (a state for --state, e.g. redis://127.0.0.1:6379; default a fresh SQLite directory),
//      PROFILE_ARGS (more serve arguments, space-separated),
//      PROFILE_SECONDS (8), PROFILE_TOP (25), BENCH_CONNECTIONS (50), PROFILE_KEEP=1 keeps the
// .cpuprofile files (open them in Chrome DevTools > Performance). Run `npm run build` first.
// Load goes to 127.0.0.1 only; every child is killed at the end.
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, cleanup, freePort, installCleanupHandlers, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const which = process.argv.slice(2).length ? process.argv.slice(2) : ['me', 'token', 'login', 'startup'];

const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };

/** Self and inclusive time per function and self time per module, from a .cpuprofile. */
export function summarize(file, top = TOP) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const rel = (url) => url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
  const fnKey = (cf) =>
    `${cf.functionName || '(anonymous)'} ${cf.url ? `${rel(cf.url)}:${cf.lineNumber + 1}:${cf.columnNumber + 1}` : ''}`.trim();
  const moduleOf = (cf) => {
    const u = rel(cf.url);
    if (!u) return cf.functionName.startsWith('(') ? cf.functionName : '(native/generated code)';
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
    if (nm) return nm[1];
    if (u.startsWith('node:')) return u.split('/').slice(0, 2).join('/');
    if (u.startsWith('dist/')) return u;
    return u;
  };
  const self = new Map();
  const incl = new Map();
  const mods = new Map();
  let total = 0;
  let idle = 0;
  prof.samples.forEach((id, i) => {
    const dt = (prof.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    const k = fnKey(node.callFrame);
    self.set(k, (self.get(k) ?? 0) + dt);
    const m = moduleOf(node.callFrame);
    mods.set(m, (mods.get(m) ?? 0) + dt);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const key = fnKey(byId.get(cur).callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  });
  const pct = (ms) => `${((100 * ms) / total).toFixed(1).padStart(5)}%`;
  const list = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `  ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  ${k}`)
      .join('\n');
  return {
    total,
    idle,
    text: `busy ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms\nself time by module/file:\n${list(mods, top)}\nself time by function:\n${list(self, top)}\ninclusive time (own src + selected):\n${list(new Map([...incl].filter(([k]) => /dist\/|express|router|better-sqlite3|ajv|pino|json|body|yaml/i.test(k))), top)}`,
  };
}

async function profileLoad(ep) {
  const dir = profDir();
  const port = await freePort();
  const child = spawnNode(serverArgs(port), {
    cwd: ROOT,
    // the bin's shebang flags (its young generation), which a direct node start does not read
    nodeArgs: ['--max-semi-space-size=4', '--heap-growing-percent=100', '--cpu-prof', '--cpu-prof-dir', dir],
  });
  const base = `http://${HOST}:${port}`;
  await waitFor200(`${base}/rest/V1/directory/countries`, child);
  const token = await (
    await fetch(`${base}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CUSTOMER),
    })
  ).json();
  const opts = {
    me: { url: `${base}/rest/V1/customers/me`, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
    token: {
      url: `${base}/rest/V1/integration/customer/token`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(CUSTOMER),
    },
    login: {
      url: `${base}/socialapi/auth/post/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(SOCIAL),
    },
  }[ep];
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS });
  await stop(child, 10_000);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written for ${ep}:\n${child.stderrTail}`);
  const s = summarize(join(dir, file));
  const perReqUs = (1000 * s.total) / r.requests.total;
  console.log(
    `\n=== ${ep}: ${Math.round(r.requests.average)} req/s (profiled), ${r.non2xx} non-2xx; server CPU ${perReqUs.toFixed(1)} µs/request ===\n${s.text}`,
  );
  if (process.env.PROFILE_KEEP) console.log(`profile: ${join(dir, file)} (kept)`);
}

async function profileStartup() {
  const dir = profDir();
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnNode(serverArgs(port), {
    cwd: ROOT,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '100'],
  });
  const ms = await waitFor200(`http://${HOST}:${port}/rest/V1/directory/countries`, child, { since: t0 });
  await stop(child, 10_000);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const s = summarize(join(dir, file));
  console.log(`\n=== start-up: first 200 after ${ms.toFixed(0)} ms (with the profiler on) ===\n${s.text}`);
  if (process.env.PROFILE_KEEP) console.log(`profile: ${join(dir, file)} (kept)`);
}

/** authmock with its defaults, or the bare Express app with PROFILE_SERVER=express. */
function serverArgs(port) {
  if (process.env.PROFILE_SERVER === 'express') return ['bench/bare-express.mjs', '--port', String(port)];
  const state = process.env.PROFILE_STATE || tempDir();
  return ['bin/authmock.js', 'serve', '--port', String(port), '--state', state, '--log-level', 'info', ...extraArgs()];
}

/** PROFILE_ARGS: more serve arguments, space-separated (e.g. --journal-size 0). */
function extraArgs() {
  return (process.env.PROFILE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Where a profile goes: a temp dir removed at the end, or kept with PROFILE_KEEP=1. */
function profDir() {
  return process.env.PROFILE_KEEP ? mkdtempSync(join(tmpdir(), 'authmock-prof-keep-')) : tempDir('authmock-prof-');
}

if (which[0] === '--summarize') {
  // a profile taken elsewhere (node --cpu-prof), summarized the same way
  for (const file of which.slice(1)) console.log(`\n=== ${file} ===\n${summarize(file).text}`);
} else {
  installCleanupHandlers();
  try {
    for (const w of which) {
      if (w === 'startup') await profileStartup();
      else await profileLoad(w);
    }
  } finally {
    await cleanup();
  }
}
