// The benchmark's OAuth section (issue #27), run by scripts/bench.mjs: client_credentials token issue by authmock's
// authorization server against axa's oauth2-mock-server 8.2 (the version that runs on Node 20), each with the same
// algorithm (RS256, ES256), and a JWT-protected GET of a user spec against bare Express answering the same body.
// Servers are separate processes, measured one after the other with the same autocannon load, rounds alternating.
import autocannon from 'autocannon';
import { join } from 'node:path';
import { HOST, freePort, median, sleep, spawnNode, tempDir } from './lib.mjs';

const SERVERS_BIN = 'oauth-servers.mjs';
const CLIENT = `Basic ${Buffer.from('billing:billing-secret').toString('base64')}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT };

/** Starts a process that prints "listening on <url>"; resolves with its base URL. */
async function startListening(args, root) {
  const child = spawnNode(args, { cwd: root, stdout: 'pipe' });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')}: no "listening on" within 30 s\n${child.stderrTail}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${child.stderrTail}`)));
  });
  return { child, url };
}

/** The section's servers: authmock (one per algorithm, a SQLite state each), oauth2-mock-server (one per algorithm), bare Express. */
async function startServers(root) {
  const bin = join(root, 'bench', SERVERS_BIN);
  const start = async (key, label, args) => ({ key, label, ...(await startListening([bin, ...args], root)) });
  const servers = [];
  for (const alg of ['RS256', 'ES256']) {
    servers.push(
      await start(`authmock${alg}`, `authmock (${alg})`, [
        'authmock',
        '--port',
        String(await freePort()),
        '--alg',
        alg,
        '--state',
        tempDir(),
      ]),
    );
    servers.push(
      await start(`oauth2mock${alg}`, `oauth2-mock-server 8.2 (${alg})`, [
        'oauth2-mock-server',
        '--port',
        String(await freePort()),
        '--alg',
        alg,
      ]),
    );
  }
  const port = await freePort();
  const express = spawnNode([join(root, 'bench', 'bare-express.mjs'), '--port', String(port)], { cwd: root });
  for (let t0 = performance.now(); ; await sleep(20)) {
    const ok = await fetch(`http://${HOST}:${port}/shop/orders`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 30_000) throw new Error(`bare express did not start\n${express.stderrTail}`);
  }
  servers.push({ key: 'express', label: 'bare Express 5', child: express, url: `http://${HOST}:${port}` });
  return Object.fromEntries(servers.map((s) => [s.key, s]));
}

/** Each measured pair: what authmock is compared with, on which requests. */
function pairsOf(s, jwt) {
  const token = (server, path) => ({
    server,
    url: `${server.url}${path}`,
    method: 'POST',
    headers: FORM,
    body: 'grant_type=client_credentials',
    status: 200,
  });
  const get = (server) => ({
    server,
    url: `${server.url}/shop/orders`,
    method: 'GET',
    headers: { authorization: `Bearer ${jwt}` },
    status: 200,
  });
  return [
    {
      key: 'ccRS256',
      label: 'client_credentials token, RS256',
      ours: token(s.authmockRS256, '/oauth/token'),
      theirs: token(s.oauth2mockRS256, '/token'),
      floor: 2.5,
    },
    {
      key: 'ccES256',
      label: 'client_credentials token, ES256',
      ours: token(s.authmockES256, '/oauth/token'),
      theirs: token(s.oauth2mockES256, '/token'),
      floor: 2.5,
    },
    { key: 'jwtGet', label: 'JWT-protected GET /shop/orders', ours: get(s.authmockRS256), theirs: get(s.express), floor: 1.3 },
  ];
}

async function verify(target) {
  const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const body = await res.text();
  if (res.status !== target.status)
    throw new Error(`${target.server.label} ${target.method} ${target.url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/**
 * Runs the section: `load(target, seconds)` is the benchmark's autocannon run. Answers the rows of the load table,
 * the ratios and the floors, in the shapes scripts/bench.mjs prints and writes.
 */
export async function runOAuthSection({ root, rounds, warmup, duration, connections, log = (s) => process.stdout.write(s) }) {
  const servers = await startServers(root);
  const issued = JSON.parse(
    await verify({
      server: servers.authmockRS256,
      url: `${servers.authmockRS256.url}/oauth/token`,
      method: 'POST',
      headers: FORM,
      body: 'grant_type=client_credentials',
      status: 200,
    }),
  );
  const pairs = pairsOf(servers, issued.access_token);
  for (const p of pairs) for (const t of [p.ours, p.theirs]) await verify(t);
  const runs = {};
  const measure = async (target) =>
    autocannon({
      url: target.url,
      method: target.method,
      headers: target.headers,
      body: target.body,
      connections,
      duration: target.seconds,
      timeout: 10,
    });
  for (let round = 0; round < rounds; round++) {
    for (const p of pairs) {
      const order = round % 2 ? [p.theirs, p.ours] : [p.ours, p.theirs];
      for (const t of order) {
        if (warmup > 0) await measure({ ...t, seconds: warmup });
        const r = await measure({ ...t, seconds: duration });
        const row = {
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        };
        (runs[`${t.server.key}/${p.key}`] ??= []).push(row);
        log(
          `oauth round ${round + 1}/${rounds} ${p.label.padEnd(34)} ${t.server.label.padEnd(30)} ${Math.round(row.reqPerSec).toLocaleString('en-US').padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.non2xx + row.errors ? `  !! ${row.non2xx} non-2xx, ${row.errors} errors` : ''}\n`,
        );
      }
    }
  }
  const summary = (server, pair) => {
    const rs = runs[`${server.key}/${pair.key}`];
    return {
      server: server.key,
      endpoint: pair.key,
      reqPerSec: median(rs.map((r) => r.reqPerSec)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      rounds: rs,
    };
  };
  const load = pairs.flatMap((p) => [summary(p.ours.server, p), summary(p.theirs.server, p)]);
  const ratios = Object.fromEntries(pairs.map((p) => [p.key, summary(p.ours.server, p).reqPerSec / summary(p.theirs.server, p).reqPerSec]));
  const floors = pairs.map((p) => ({
    what: `authmock/${p.theirs.server.label.replace(/ \((RS|ES)256\)$/, '')} ${p.label}`,
    value: ratios[p.key],
    floor: p.floor,
    kind: 'min',
  }));
  const rows = pairs.flatMap((p) =>
    [p.ours, p.theirs].map((t) => {
      const r = summary(t.server, p);
      return { ...r, label: t.server.label, endpoint: p.label, ratio: t === p.ours ? undefined : ratios[p.key] };
    }),
  );
  const labels = Object.fromEntries(Object.values(servers).map((s) => [s.key, s.label]));
  return { load, ratios, floors, rows, labels, endpoints: Object.fromEntries(pairs.map((p) => [p.key, p.label])) };
}
