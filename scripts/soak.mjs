#!/usr/bin/env node
// npm run soak [-- --requests 500000 --concurrency 32 --max-seconds 600 ...]  (issue #14; not in CI)
//
// Starts the real bin on a fresh state directory, drives a mix of requests on 127.0.0.1
// (logins, customers/me, revocations, social login/profile/logout, failed logins with
// distinct usernames), samples the server's RSS and the state's size every few seconds,
// then checks:
//   rss-bound                 RSS at the end within 15 % of RSS after the first minute
//   state-flat-under-failures the state does not grow under a stream of distinct failing
//                             usernames (the last phase sends only those), once the sweep runs
//   no-server-errors          no 5xx and no dropped connection
// Exits 1 when a check fails, 2 on a broken set-up. Bounded in count (--requests) and in
// time (--max-seconds); it stops the server it started. See docs/fuzz-and-soak.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    requests: { type: 'string', default: '500000' },
    concurrency: { type: 'string', default: '32' },
    'max-seconds': { type: 'string', default: '600' },
    'sample-seconds': { type: 'string', default: '5' },
    'warmup-seconds': { type: 'string', default: '60' },
    'failure-phase': { type: 'string', default: '0.3' },
    'lockout-seconds': { type: 'string', default: '5' },
    'rss-tolerance': { type: 'string', default: '0.15' },
    state: { type: 'string' },
    'keep-state': { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help) {
  console.log(`npm run soak -- [--requests 500000] [--concurrency 32] [--max-seconds 600] [--sample-seconds 5]
        [--warmup-seconds 60] [--failure-phase 0.3] [--lockout-seconds 5] [--rss-tolerance 0.15]
        [--state DIR] [--keep-state] [--json reports/soak.json]`);
  process.exit(0);
}
const num = (name) => {
  const n = Number(opts[name]);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number, not ${opts[name]}`);
  return n;
};
const TOTAL = Math.floor(num('requests'));
const CONCURRENCY = Math.max(1, Math.floor(num('concurrency')));
const MAX_MS = num('max-seconds') * 1000;
const SAMPLE_MS = num('sample-seconds') * 1000;
const WARMUP_MS = num('warmup-seconds') * 1000;
// The last part of the run sends only failed logins with new usernames.
const FAILURE_PHASE_START = Math.floor(TOTAL * (1 - num('failure-phase')));
const RSS_TOLERANCE = num('rss-tolerance');
const RSS_WINDOW = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function fail(message) {
  console.error(`soak: ${message}`);
  process.exit(2);
}

const CUSTOMERS = [
  { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' },
  { username: 'john.smith@example.com', password: 'John-Smith-1' },
];
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };
const RUN_ID = Date.now().toString(36);

// ---- the server ----------------------------------------------------------------------

/** The bin as users run it (its shebang sets the memory flags), on a free loopback port. */
async function startServer(state) {
  const args = [
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--state',
    state,
    '--log-level',
    'warn',
    '--lockout-seconds',
    String(num('lockout-seconds')),
  ];
  const child = spawn(join(ROOT, 'bin', 'authmock.js'), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, baseUrl, output: () => out };
}

/** SIGTERM, then SIGKILL if it has not gone within 10 s. */
function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function readRssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Bytes of the SQLite files (database, WAL, shared memory) in the state directory. */
function readStateBytes(dir) {
  let db = 0;
  let wal = 0;
  for (const name of readdirSync(dir)) {
    const size = statSync(join(dir, name)).size;
    if (name.endsWith('-wal')) wal += size;
    else if (/\.(db|sqlite|sqlite3)$|-shm$/.test(name)) db += size;
  }
  return { db, wal };
}

// ---- the client ----------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(baseUrl, method, path, { body, token } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = {};
    if (payload) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) });
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request(`${baseUrl}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ status: 0, text: err.message }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(payload);
  });
}

// The mix, by weight; a failing login always uses a username never sent before.
const MIX = [
  ['customer-login', 18],
  ['customer-me', 25],
  ['customer-revoke', 1],
  ['social-login', 12],
  ['social-profile', 15],
  ['social-logout', 3],
  ['failed-customer-login', 15],
  ['failed-admin-login', 3],
  ['failed-social-login', 5],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);
function pickKind(n) {
  let x = (n * 7919) % MIX_TOTAL;
  for (const [kind, w] of MIX) if ((x -= w) < 0) return kind;
  return MIX[0][0];
}

/** Runs the mix; tokens are kept per customer and refreshed after a revocation or a 401. */
async function drive(baseUrl, counters, shouldStop) {
  const customerTokens = new Map();
  let socialTokens = [];
  let sent = 0;
  let failId = 0;
  const count = (kind, status) => {
    const key = `${kind} ${status}`;
    counters.byKind[key] = (counters.byKind[key] ?? 0) + 1;
    counters.done++;
    if (status >= 500 || status === 0) counters.errors.push(`${kind}: ${status}`);
  };
  const customerToken = async (i) => {
    if (customerTokens.has(i)) return customerTokens.get(i);
    const res = await request(baseUrl, 'POST', '/rest/V1/integration/customer/token', { body: CUSTOMERS[i] });
    count('customer-login', res.status);
    if (res.status !== 200) return undefined;
    customerTokens.set(i, JSON.parse(res.text));
    return customerTokens.get(i);
  };
  const one = async (n) => {
    const kind = n >= FAILURE_PHASE_START ? 'failed-customer-login' : pickKind(n);
    const c = n % CUSTOMERS.length;
    switch (kind) {
      case 'customer-login': {
        const res = await request(baseUrl, 'POST', '/rest/V1/integration/customer/token', { body: CUSTOMERS[c] });
        if (res.status === 200) customerTokens.set(c, JSON.parse(res.text));
        return count(kind, res.status);
      }
      case 'customer-me': {
        const token = await customerToken(c);
        const res = await request(baseUrl, 'GET', '/rest/V1/customers/me', { token });
        if (res.status === 401 && customerTokens.get(c) === token) customerTokens.delete(c); // revoked by another worker
        return count(kind, res.status);
      }
      case 'customer-revoke': {
        const token = await customerToken(c);
        const res = await request(baseUrl, 'POST', '/rest/V1/integration/customer/revoke-customer-token', { token });
        if (customerTokens.get(c) === token) customerTokens.delete(c);
        return count(kind, res.status);
      }
      case 'social-login': {
        const res = await request(baseUrl, 'POST', '/socialapi/auth/post/login', { body: SOCIAL });
        if (res.status === 201) {
          socialTokens.push(JSON.parse(res.text).user.userToken);
          if (socialTokens.length > 200) socialTokens = socialTokens.slice(-100);
        }
        return count(kind, res.status);
      }
      case 'social-profile': {
        const token = socialTokens[n % Math.max(1, socialTokens.length)];
        const res = await request(baseUrl, 'GET', '/socialapi/user/get/profile', { token });
        return count(kind, res.status);
      }
      case 'social-logout': {
        const token = socialTokens.pop();
        const res = await request(baseUrl, 'POST', '/socialapi/auth/post/logout', { token });
        return count(kind, res.status);
      }
      case 'failed-customer-login':
      case 'failed-admin-login': {
        const path = kind === 'failed-admin-login' ? '/rest/V1/integration/admin/token' : '/rest/V1/integration/customer/token';
        const res = await request(baseUrl, 'POST', path, {
          body: { username: `soak-${RUN_ID}-${failId++}@example.com`, password: 'wrong-password' },
        });
        return count(kind, res.status);
      }
      case 'failed-social-login': {
        const res = await request(baseUrl, 'POST', '/socialapi/auth/post/login', {
          body: { ...SOCIAL, username: `soak-${RUN_ID}-${failId++}`, password: 'wrong-password' },
        });
        return count(kind, res.status);
      }
    }
  };
  const worker = async () => {
    while (sent < TOTAL && !shouldStop()) await one(sent++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// ---- sampling and checks -------------------------------------------------------------

async function readHealth(baseUrl) {
  const res = await request(baseUrl, 'GET', '/__authmock/health');
  try {
    const body = JSON.parse(res.text);
    // the health answer may report the state's size (the lead's sweep adds it): any numeric field about size or rows
    const sizes = {};
    const walk = (v, path) => {
      if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
      else if (typeof v === 'number' && /size|rows|bytes|count|entries|failures|tokens/i.test(path)) sizes[path] = v;
    };
    walk(body, '');
    return sizes;
  } catch {
    return {};
  }
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
const pad = (s, n) => String(s).padStart(n);

async function main() {
  const state = opts.state ?? mkdtempSync(join(tmpdir(), 'authmock-soak-'));
  const server = await startServer(state).catch((err) => fail(err.message));
  const pid = server.child.pid;
  // never leave the server behind, whatever happens to this script
  process.once('exit', () => server.child.exitCode === null && server.child.kill('SIGKILL'));
  console.log(
    `soak: ${TOTAL.toLocaleString('en')} requests, ${CONCURRENCY} connections, cap ${MAX_MS / 1000} s, server pid ${pid} at ${server.baseUrl}, state ${state}`,
  );
  console.log(
    `      failing usernames only from request ${FAILURE_PHASE_START.toLocaleString('en')} on; lockout window ${num('lockout-seconds')} s`,
  );
  const started = performance.now();
  const counters = { done: 0, byKind: {}, errors: [] };
  const samples = [];
  let stopped = false;
  const sample = async () => {
    const t = performance.now() - started;
    const { db, wal } = readStateBytes(state);
    const health = await readHealth(server.baseUrl);
    const s = {
      t,
      done: counters.done,
      rssMb: readRssMb(pid),
      db,
      wal,
      health,
      phase: counters.done >= FAILURE_PHASE_START ? 'failures' : 'mixed',
    };
    const prev = samples.at(-1);
    const rate = prev ? ((s.done - prev.done) / ((t - prev.t) / 1000)).toFixed(0) : '';
    samples.push(s);
    const healthText = Object.entries(health)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    console.log(
      `${pad((t / 1000).toFixed(0), 5)} s ${pad(s.done.toLocaleString('en'), 9)} ${pad(rate, 7)} ${pad(s.rssMb.toFixed(1), 8)} ${pad(mb(db), 9)} ${pad(mb(wal), 8)}  ${s.phase.padEnd(8)} ${healthText}`,
    );
  };
  console.log(
    `${pad('time', 7)} ${pad('requests', 9)} ${pad('req/s', 7)} ${pad('RSS MB', 8)} ${pad('db MB', 9)} ${pad('WAL MB', 8)}  phase    health`,
  );
  await sample();
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  const cap = setTimeout(() => (stopped = true), MAX_MS);
  await drive(server.baseUrl, counters, () => stopped);
  clearInterval(timer);
  clearTimeout(cap);
  await sample();
  const hitCap = stopped;
  const seconds = (performance.now() - started) / 1000;

  // ---- the checks
  const results = [];
  // RSS saws up and down with garbage collection: both ends are the median of a few samples
  const early = samples.filter((s) => s.t >= WARMUP_MS).slice(0, RSS_WINDOW);
  const late = samples.slice(-RSS_WINDOW);
  if (early.length < RSS_WINDOW || early.at(-1).t >= late[0].t) {
    results.push({
      name: 'rss-bound',
      ok: undefined,
      detail: `not evaluated: the run was too short for ${RSS_WINDOW} samples after the ${WARMUP_MS / 1000} s warm-up and ${RSS_WINDOW} more at the end`,
    });
  } else {
    const base = median(early.map((s) => s.rssMb));
    const end = median(late.map((s) => s.rssMb));
    const limit = base * (1 + RSS_TOLERANCE);
    results.push({
      name: 'rss-bound',
      ok: end <= limit,
      detail: `RSS ${end.toFixed(1)} MB at the end vs ${base.toFixed(1)} MB after the first ${WARMUP_MS / 1000} s (medians of ${RSS_WINDOW} samples; limit ${limit.toFixed(1)} MB, +${(RSS_TOLERANCE * 100).toFixed(0)} %); peak ${Math.max(...samples.map((s) => s.rssMb)).toFixed(1)} MB`,
    });
  }
  const failing = samples.filter((s) => s.phase === 'failures');
  if (failing.length < 3) {
    results.push({
      name: 'state-flat-under-failures',
      ok: undefined,
      detail: `not evaluated: ${failing.length} sample(s) in the failing-usernames phase; lengthen the run or --failure-phase`,
    });
  } else {
    // first half of the phase lets the lockout window pass and a sweep run; the second half must not grow
    const mid = failing[Math.floor(failing.length / 2)];
    const end = failing.at(-1);
    const names = end.done - mid.done;
    // the database file must not grow; the WAL is reused after each checkpoint, so it only has to stay bounded
    const grew = end.db - mid.db;
    const slack = 256 * 1024;
    const walLimit = Math.max(8 * 1024 * 1024, 2 * mid.wal);
    const healthGrowth = Object.keys(end.health)
      .filter((k) => typeof mid.health[k] === 'number')
      .map((k) => `${k} ${mid.health[k]} -> ${end.health[k]}`);
    // when the health answer counts failure records, they must not follow the names sent
    const recordsKey = Object.keys(end.health).find((k) => /failure/i.test(k) && typeof mid.health[k] === 'number');
    const recordGrowth = recordsKey ? end.health[recordsKey] - mid.health[recordsKey] : 0;
    const recordsFlat = !recordsKey || recordGrowth <= names * 0.5; // unswept, they grow by one per name
    const ok = grew <= slack && end.wal <= walLimit && recordsFlat;
    results.push({
      name: 'state-flat-under-failures',
      ok,
      detail:
        `${ok ? 'flat' : 'growing'} over the last ${names.toLocaleString('en')} distinct failing usernames: ` +
        `database ${mb(mid.db)} -> ${mb(end.db)} MB (${((grew / Math.max(1, names)) * 1000).toFixed(0)} bytes per 1,000; allowed ${slack / 1024} KiB), ` +
        `WAL ${mb(mid.wal)} -> ${mb(end.wal)} MB (allowed up to ${mb(walLimit)})` +
        (recordsKey ? `, ${recordsKey} ${recordGrowth >= 0 ? '+' : ''}${recordGrowth} (allowed +${Math.floor(names * 0.5)})` : '') +
        (healthGrowth.length ? `; health: ${healthGrowth.join(', ')}` : '; the health answer reports no size'),
    });
  }
  results.push({
    name: 'no-server-errors',
    ok: counters.errors.length === 0,
    detail: counters.errors.length
      ? `${counters.errors.length} 5xx or dropped: ${[...new Set(counters.errors)].slice(0, 5).join(', ')}`
      : 'no 5xx, no dropped connection',
  });

  console.log(
    `\n${counters.done.toLocaleString('en')} requests in ${seconds.toFixed(0)} s (${(counters.done / seconds).toFixed(0)} req/s)${hitCap ? `, stopped at the --max-seconds cap` : ''}`,
  );
  console.log(
    Object.entries(counters.byKind)
      .sort()
      .map(([k, n]) => `  ${k}: ${n.toLocaleString('en')}`)
      .join('\n'),
  );
  console.log('');
  for (const r of results) console.log(`${r.ok === undefined ? 'SKIP' : r.ok ? 'PASS' : 'FAIL'} ${r.name}: ${r.detail}`);
  if (opts.json) {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(opts.json, '..'), { recursive: true });
    writeFileSync(
      opts.json,
      JSON.stringify({ requests: counters.done, seconds, hitCap, byKind: counters.byKind, samples, results }, null, 2),
    );
  }

  agent.destroy();
  await stopServer(server.child);
  if (!opts.state && !opts['keep-state']) rmSync(state, { recursive: true, force: true });
  process.exit(results.some((r) => r.ok === false) ? 1 : 0);
}

main().catch((err) => fail(err.stack ?? String(err)));
