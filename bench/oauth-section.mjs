// The benchmark's OAuth section (issue #27), run by scripts/bench.mjs: client_credentials token issue by authmock's
// authorization server against axa's oauth2-mock-server 8.2 (the version that runs on Node 20), each with the same
// algorithm (RS256, ES256), and a JWT-protected GET of a user spec against bare Express answering the same body.
// Servers are separate processes under the same autocannon load, each pair interleaved in short slices (A B B A …)
// with the CPU time each process spent, rounds alternating: a token costs a few hundred µs of CPU, most of it the
// signature, and a ratio measured run after run moved with the machine's noise (2.06 to 3.01 for RS256).
// authmock runs as a user runs it: the bin (its shebang's flags), serving the spec, in a directory of its own.
import { join } from 'node:path';
import { HOST, freePort, sleep, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';
import { runInterleavedGroups, verifyTarget } from './groups.mjs';

const SERVERS_BIN = 'oauth-servers.mjs';
const CLIENT = `Basic ${Buffer.from('billing:billing-secret').toString('base64')}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT };

/** Starts a process that prints "listening on <url>"; resolves with its base URL. */
async function startListening(args, root) {
  const child = spawnNode(args, { cwd: root, stdout: 'pipe' });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')}: no "listening on" within 30 s\n${child.stderrTail}`)), 30_000);
    const onData = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // Stop reading what follows (authmock's request log, a line per request): kept and
        // searched, the growing text cost this process, which shares the cores with the
        // servers measured, more CPU at every chunk. The pipe is still drained.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${child.stderrTail}`)));
  });
  return { child, url };
}

/**
 * authmock's bin serving the OAuth fixture spec (its SQLite state in a directory of its own,
 * log level info, standard output to /dev/null), its namespace signing with `alg` as a test
 * would set it.
 */
async function startAuthmock(root, alg) {
  const port = await freePort();
  const cwd = tempDir();
  const spec = join(root, 'test', 'fixtures', 'oauth', 'shop.openapi.yaml');
  const child = spawnNode([join(root, 'bin', 'authmock.js'), 'serve', spec, '--port', String(port), '--log-level', 'info'], {
    cwd,
    direct: true,
  });
  const url = `http://${HOST}:${port}`;
  await waitFor200(`${url}/__authmock/health`, child);
  const res = await fetch(`${url}/__authmock/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth: { signingAlg: alg } }),
  });
  if (res.status !== 200) throw new Error(`authmock settings answered ${res.status}`);
  return { key: `authmock${alg}`, label: `authmock (${alg})`, child, url, pids: [child.pid] };
}

/** The section's servers: authmock (one per algorithm, a SQLite state each), oauth2-mock-server (one per algorithm), bare Express. */
async function startServers(root) {
  const bin = join(root, 'bench', SERVERS_BIN);
  const start = async (key, label, args) => {
    const started = await startListening([bin, ...args], root);
    return { key, label, ...started, pids: [started.child.pid] };
  };
  const servers = [];
  for (const alg of ['RS256', 'ES256']) {
    servers.push(await startAuthmock(root, alg));
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
  servers.push({ key: 'express', label: 'bare Express 5', child: express, url: `http://${HOST}:${port}`, pids: [express.pid] });
  return Object.fromEntries(servers.map((s) => [s.key, s]));
}

/** Each measured group: authmock and what it is compared with, on one request. */
function groupsOf(s, jwt) {
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
  const pair = (key, label, ours, theirs, floor) => ({
    key,
    label,
    targets: [ours, theirs],
    compare: [{ ours: ours.server.key, theirs: theirs.server.key, floor }],
  });
  return [
    pair('ccRS256', 'client_credentials token, RS256', token(s.authmockRS256, '/oauth/token'), token(s.oauth2mockRS256, '/token'), 2.5),
    pair('ccES256', 'client_credentials token, ES256', token(s.authmockES256, '/oauth/token'), token(s.oauth2mockES256, '/token'), 2.5),
    pair('jwtGet', 'JWT-protected GET /shop/orders', get(s.authmockRS256), get(s.express), 1.3),
  ];
}

/** Runs the section with the benchmark's load settings; answers the load rows, ratios, floors and table rows. */
export async function runOAuthSection({ root, rounds, warmup, duration, slice, connections, log = (s) => process.stdout.write(s) }) {
  const servers = await startServers(root);
  const issued = JSON.parse(
    await verifyTarget({
      server: servers.authmockRS256,
      url: `${servers.authmockRS256.url}/oauth/token`,
      method: 'POST',
      headers: FORM,
      body: 'grant_type=client_credentials',
      status: 200,
    }),
  );
  const groups = groupsOf(servers, issued.access_token);
  const measured = await runInterleavedGroups({ tag: 'oauth', groups, rounds, warmup, duration, slice, connections, log });
  for (const s of Object.values(servers)) await stop(s.child);
  const labels = Object.fromEntries(Object.values(servers).map((s) => [s.key, s.label]));
  return { ...measured, labels, endpoints: Object.fromEntries(groups.map((g) => [g.key, g.label])) };
}
