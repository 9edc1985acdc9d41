#!/usr/bin/env node
// The ceiling for an Express design: Express 5 answering constant JSON on the benchmark's
// routes, checking nothing. Bodies have the shape and size of authmock's answers.
// Usage: node bench/bare-express.mjs [--port N] [--host H] [--made-body FILE]   (default 127.0.0.1:4020)
import { readFileSync } from 'node:fs';
import express from 'express';
import { ANSWERS } from './constant-answers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('--port', 4020));
const host = arg('--host', '127.0.0.1');

const { CUSTOMER, TOKEN, LOGIN, COUNTRIES, PET } = ANSWERS;

const app = express();
app.disable('x-powered-by');
app.get('/rest/V1/customers/me', (_req, res) => {
  res.json(CUSTOMER);
});
app.post('/rest/V1/integration/customer/token', express.json(), (_req, res) => {
  res.json(TOKEN);
});
app.post('/socialapi/auth/post/login', express.json(), (_req, res) => {
  res.status(201).json(LOGIN);
});
// the OAuth section's JWT-protected GET of a user spec (test/fixtures/oauth/shop.openapi.yaml's example)
app.get('/shop/orders', (_req, res) => {
  res.json([{ id: 1, item: 'teapot' }]);
});
// the spec section's Petstore read (bench/spec-section.mjs)
app.get('/api/v3/pet/:petId', (_req, res) => {
  res.json(PET);
});
// the spec section's GET answered from generated values: the body authmock made, from the file --made-body names
const madeBody = arg('--made-body', undefined);
if (madeBody) {
  const made = JSON.parse(readFileSync(madeBody, 'utf8'));
  app.get('/people/:personId', (_req, res) => {
    res.json(made);
  });
}
// only for the start-up probe, which polls this route on every server
app.get('/rest/V1/directory/countries', (_req, res) => {
  res.json(COUNTRIES);
});

const server = app.listen(port, host, () => process.stdout.write(`bare express listening on http://${host}:${port}\n`));
server.keepAliveTimeout = 65_000;
const stop = () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
