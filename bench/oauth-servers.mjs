#!/usr/bin/env node
// The servers of the benchmark's OAuth section, one per process:
//   node bench/oauth-servers.mjs authmock --port N --state DIR [--alg RS256|ES256]
//     authmock (dist/, as a package user runs it) serving test/fixtures/oauth/shop.openapi.yaml, its defaults otherwise;
//   node bench/oauth-servers.mjs oauth2-mock-server --port N --alg RS256|ES256
//     axa's oauth2-mock-server 8.2 (the version for Node 20) with one key of that algorithm.
// Each prints "listening on <url>" once it answers.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const which = process.argv[2];
const port = Number(arg('--port', 0));
const alg = arg('--alg', 'RS256');
const host = '127.0.0.1';

if (which === 'authmock') {
  const { startAuthmock } = await import(join(ROOT, 'dist', 'index.js'));
  const am = await startAuthmock({
    specs: [join(ROOT, 'test', 'fixtures', 'oauth', 'shop.openapi.yaml')],
    port,
    host,
    state: arg('--state', 'memory'),
    logLevel: 'info',
  });
  // the namespace's signing algorithm, as a test would set it
  const res = await fetch(`${am.url}/__authmock/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth: { signingAlg: alg } }),
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status}`);
  process.stdout.write(`authmock listening on ${am.url}\n`);
  process.on('SIGTERM', () => void am.close().then(() => process.exit(0)));
} else if (which === 'oauth2-mock-server') {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate(alg);
  await server.start(port, host);
  process.stdout.write(`oauth2-mock-server listening on ${server.issuer.url}\n`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
} else {
  process.stderr.write('usage: oauth-servers.mjs authmock|oauth2-mock-server --port N [--alg RS256|ES256] [--state DIR]\n');
  process.exit(2);
}
