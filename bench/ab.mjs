#!/usr/bin/env node
// Two (or more) builds of authmock side by side, in alternating rounds: requests per second and
// CPU time per request (from /proc), for one endpoint. For a change on the request path:
//   node bench/ab.mjs me old=/path/to/other/checkout/bin/authmock.js new=bin/authmock.js
// Endpoints: me, token, login, countries (no credential). Env: AB_ROUNDS (4), AB_SECONDS (6), BENCH_CONNECTIONS (50),
// AB_ARGS (extra serve arguments). Each bin runs as users run it (its shebang's flags), in a
// fresh working directory, on 127.0.0.1; every child is killed at the end.
import autocannon from 'autocannon';
import { resolve } from 'node:path';
import { HOST, cleanup, cpuMsOf, freePort, installCleanupHandlers, median, spawnNode, tempDir, waitFor200 } from './lib.mjs';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EXTRA = (process.env.AB_ARGS ?? '').split(' ').filter(Boolean);
const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };

const [endpoint, ...pairs] = process.argv.slice(2);
if (!['me', 'token', 'login', 'countries'].includes(endpoint) || pairs.length < 1) {
  console.error('usage: node bench/ab.mjs me|token|login|countries name=path/to/bin/authmock.js [name=...]');
  process.exit(2);
}

function requestOf(base, token) {
  const json = { 'content-type': 'application/json' };
  if (endpoint === 'countries') return { url: `${base}/rest/V1/directory/countries` };
  if (endpoint === 'me') return { url: `${base}/rest/V1/customers/me`, headers: { authorization: `Bearer ${token}` } };
  if (endpoint === 'token')
    return { url: `${base}/rest/V1/integration/customer/token`, method: 'POST', headers: json, body: JSON.stringify(CUSTOMER) };
  return { url: `${base}/socialapi/auth/post/login`, method: 'POST', headers: json, body: JSON.stringify(SOCIAL) };
}

installCleanupHandlers();
try {
  const servers = [];
  for (const pair of pairs) {
    const [name, bin] = pair.split('=');
    const port = await freePort();
    const child = spawnNode([resolve(bin), 'serve', '--port', String(port), '--log-level', 'info', ...EXTRA], {
      cwd: tempDir('authmock-ab-'),
      direct: true,
    });
    const base = `http://${HOST}:${port}`;
    await waitFor200(`${base}/rest/V1/directory/countries`, child);
    const r = await fetch(`${base}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CUSTOMER),
    });
    servers.push({ name, child, request: requestOf(base, await r.json()), rps: [], us: [] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const s of order) {
      const opts = { ...s.request, connections: CONNECTIONS };
      await autocannon({ ...opts, duration: 1 });
      const cpu0 = cpuMsOf(s.child.pid);
      const r = await autocannon({ ...opts, duration: SECONDS });
      const cpuMs = cpuMsOf(s.child.pid) - cpu0;
      if (r.non2xx || r.errors) throw new Error(`${s.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      s.rps.push(Math.round(r.requests.average));
      s.us.push(Math.round((cpuMs * 1e3) / r.requests.total));
      console.log(
        `round ${round + 1} ${s.name.padEnd(8)} ${String(s.rps.at(-1)).padStart(6)} req/s ${String(s.us.at(-1)).padStart(4)} µs CPU/request`,
      );
    }
  }
  for (const s of servers) console.log(`${s.name.padEnd(8)} median ${median(s.rps)} req/s, ${median(s.us)} µs CPU/request`);
} finally {
  await cleanup();
}
