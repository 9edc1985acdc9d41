#!/usr/bin/env node
// Two (or more) builds of authmock side by side, in alternating rounds: requests per second and
// CPU time per request (from /proc), for one endpoint. For a change on the request path:
//   node bench/ab.mjs me old=/path/to/other/checkout/bin/authmock.js new=bin/authmock.js
// Endpoints: me, token, login, countries (no credential), oauth (a client_credentials token of the authorization
// server, RS256, serving test/fixtures/oauth/shop.openapi.yaml). CPU is the whole process's, and its main thread's
// apart (the thread pool signs the authorization server's tokens beside it). Env: AB_ROUNDS (4), AB_SECONDS (6), BENCH_CONNECTIONS (50),
// AB_ARGS (extra serve arguments). Each bin runs as users run it (its shebang's flags), in a
// fresh working directory, on 127.0.0.1; every child is killed at the end.
import autocannon from 'autocannon';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, cleanup, cpuMsOf, mainCpuMsOf, freePort, installCleanupHandlers, median, spawnNode, tempDir, waitFor200 } from './lib.mjs';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EXTRA = (process.env.AB_ARGS ?? '').split(' ').filter(Boolean);
const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
const SOCIAL = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };

const [endpoint, ...pairs] = process.argv.slice(2);
const OAUTH_SPEC = join(fileURLToPath(new URL('..', import.meta.url)), 'test', 'fixtures', 'oauth', 'shop.openapi.yaml');
const CLIENT = `Basic ${Buffer.from('billing:billing-secret').toString('base64')}`;

if (!['me', 'token', 'login', 'countries', 'oauth'].includes(endpoint) || pairs.length < 1) {
  console.error('usage: node bench/ab.mjs me|token|login|countries|oauth name=path/to/bin/authmock.js [name=...]');
  process.exit(2);
}

function requestOf(base, token) {
  const json = { 'content-type': 'application/json' };
  if (endpoint === 'oauth') {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT };
    return { url: `${base}/oauth/token`, method: 'POST', headers, body: 'grant_type=client_credentials' };
  }
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
    const specs = endpoint === 'oauth' ? [OAUTH_SPEC] : [];
    const child = spawnNode([resolve(bin), 'serve', ...specs, '--port', String(port), '--log-level', 'info', ...EXTRA], {
      cwd: tempDir('authmock-ab-'),
      direct: true,
    });
    const base = `http://${HOST}:${port}`;
    await waitFor200(`${base}/__authmock/health`, child);
    const token =
      endpoint === 'oauth'
        ? undefined
        : await (
            await fetch(`${base}/rest/V1/integration/customer/token`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(CUSTOMER),
            })
          ).json();
    servers.push({ name, child, request: requestOf(base, token), rps: [], us: [], main: [] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const s of order) {
      const opts = { ...s.request, connections: CONNECTIONS };
      await autocannon({ ...opts, duration: 1 });
      const cpu0 = cpuMsOf(s.child.pid);
      const main0 = mainCpuMsOf(s.child.pid);
      const r = await autocannon({ ...opts, duration: SECONDS });
      const cpuMs = cpuMsOf(s.child.pid) - cpu0;
      const mainMs = mainCpuMsOf(s.child.pid) - main0;
      if (r.non2xx || r.errors) throw new Error(`${s.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      s.rps.push(Math.round(r.requests.average));
      s.us.push(Math.round((cpuMs * 1e3) / r.requests.total));
      s.main.push(Math.round((mainMs * 1e3) / r.requests.total));
      console.log(
        `round ${round + 1} ${s.name.padEnd(8)} ${String(s.rps.at(-1)).padStart(6)} req/s ${String(s.us.at(-1)).padStart(4)} µs CPU/request (main thread ${s.main.at(-1)})`,
      );
    }
  }
  for (const s of servers)
    console.log(`${s.name.padEnd(8)} median ${median(s.rps)} req/s, ${median(s.us)} µs CPU/request (main thread ${median(s.main)})`);
} finally {
  await cleanup();
}
