#!/usr/bin/env node
// The peer of the benchmark's OAuth section (authmock runs as its bin, bench/oauth-section.mjs):
//   node bench/oauth-servers.mjs oauth2-mock-server --port N --alg RS256|ES256
//     axa's oauth2-mock-server 8.2 (the version for Node 20) with one key of that algorithm.
// It prints "listening on <url>" once it answers.
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const which = process.argv[2];
const port = Number(arg('--port', 0));
const alg = arg('--alg', 'RS256');
const host = '127.0.0.1';

if (which === 'oauth2-mock-server') {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate(alg);
  await server.start(port, host);
  process.stdout.write(`oauth2-mock-server listening on ${server.issuer.url}\n`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
} else {
  process.stderr.write('usage: oauth-servers.mjs oauth2-mock-server --port N [--alg RS256|ES256]\n');
  process.exit(2);
}
