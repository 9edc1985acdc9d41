#!/usr/bin/env node
// How many of authmock's own source files one request runs code in: start the server from
// dist/ in this process, let it answer a few warm-up requests, then take V8's precise
// coverage around one more and list the files with any function called.
// `node bench/request-files.mjs token|me|login|petstore` (after `npm run build`).
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const which = process.argv[2] ?? 'token';
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const { startAuthmock } = await import(join(ROOT, 'dist', 'index.js'));
const petstore = join(ROOT, 'test', 'byo', 'petstore', 'petstore.openapi.yaml');
const am = await startAuthmock(which === 'petstore' ? { specs: [petstore] } : {});
const json = { 'content-type': 'application/json' };
const customer = JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' });
const token = async () =>
  await (await fetch(`${am.url}/rest/V1/integration/customer/token`, { method: 'POST', headers: json, body: customer })).json();
const requests = {
  token: () => fetch(`${am.url}/rest/V1/integration/customer/token`, { method: 'POST', headers: json, body: customer }),
  me: async (t) => fetch(`${am.url}/rest/V1/customers/me`, { headers: { authorization: `Bearer ${t}` } }),
  login: () =>
    fetch(`${am.url}/socialapi/auth/post/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'jane.doe',
        password: 'jane-password-1',
        apiKey: 'demo-mobile-app',
        secretKey: 'demo-mobile-secret',
      }),
    }),
  petstore: () => fetch(`${am.url}/api/v3/pet/10`, { headers: { api_key: 'special-key' } }),
};
const t = which === 'me' ? await token() : undefined;
for (let i = 0; i < 3; i++) await (await requests[which](t)).text();
await session.post('Profiler.takePreciseCoverage'); // resets the counts
await (await requests[which](t)).text();
const { result } = await session.post('Profiler.takePreciseCoverage');
const files = result
  .filter((s) => s.url.includes('/dist/') && !s.url.includes('node_modules') && s.functions.some((f) => f.ranges[0].count > 0))
  .map((s) => s.url.replace(/^.*\/dist\//, 'src/').replace(/\.js$/, '.ts'))
  .sort();
console.log(`${which}: ${files.length} files`);
for (const f of files) console.log(`  ${f}`);
await am.close();
session.disconnect();
