#!/usr/bin/env node
// The peer of the benchmark's OAuth section (authmock runs as its bin, bench/oauth-section.mjs):
//   node bench/oauth-servers.mjs oauth2-mock-server --port N --alg RS256|ES256
//     axa's oauth2-mock-server 8.2 (the version for Node 20) with one key of that algorithm.
//   node bench/oauth-servers.mjs minimal --port N --alg RS256|ES256
//     the least a client_credentials token costs on node:http: POST /oauth/token with HTTP
//     Basic (billing:billing-secret, its HMAC compared in constant time), a JWT as authmock's
//     claims, signed with node:crypto in the thread pool. No store, journal, log or check:
//     a reference for what the rest of a token costs (docs/benchmark.md), not a server.
// It prints "listening on <url>" once it answers.
import { createServer } from 'node:http';
import { createHmac, createSecretKey, generateKeyPairSync, randomBytes, sign, timingSafeEqual } from 'node:crypto';

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
} else if (which === 'minimal') {
  const server = minimalTokenServer(alg);
  server.listen(port, host, () => process.stdout.write(`minimal token server listening on http://${host}:${server.address().port}\n`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  process.stderr.write('usage: oauth-servers.mjs oauth2-mock-server|minimal --port N [--alg RS256|ES256]\n');
  process.exit(2);
}

function minimalTokenServer(alg) {
  const { privateKey } =
    alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signWith = alg === 'ES256' ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey;
  const hmacKey = createSecretKey(randomBytes(32));
  const digest = (secret) => createHmac('sha256', hmacKey).update(secret).digest();
  const stored = digest('billing-secret');
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = part({ alg, kid: 'k1', typ: 'at+jwt' });
  const refuse = (res) => res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"invalid_request"}');
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const basic = /^\s*basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      const [clientId, secret = ''] = basic ? Buffer.from(basic[1], 'base64').toString().split(':') : [];
      if (!basic || !timingSafeEqual(stored, digest(secret)) || form.get('grant_type') !== 'client_credentials') return refuse(res);
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: `http://${req.headers.host}`, sub: clientId, aud: 'shop', exp: now + 3600, iat: now };
      const input = `${header}.${part({ ...claims, jti: randomBytes(16).toString('base64url'), client_id: clientId, scope: 'read:orders' })}`;
      sign('sha256', Buffer.from(input), signWith, (err, signature) => {
        if (err) return refuse(res);
        const body = JSON.stringify({
          access_token: `${input}.${signature.toString('base64url')}`,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'read:orders',
        });
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Cache-Control': 'no-store',
          Pragma: 'no-cache',
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(body);
      });
    });
  });
}
