#!/usr/bin/env node
// The ceiling for any Node design: a node:http server answering constant JSON on the
// benchmark's routes, checking nothing (it reads and drops a request's body before it
// answers, as any server must). Bodies are bare-express.mjs's.
// Usage: node bench/bare-node.mjs [--port N] [--host H]   (default 127.0.0.1:4021)
import { createServer } from 'node:http';
import { ANSWERS } from './constant-answers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('--port', 4021));
const host = arg('--host', '127.0.0.1');

const json = (status, value) => ({ status, body: Buffer.from(JSON.stringify(value)) });
const ROUTES = new Map([
  ['GET /rest/V1/customers/me', json(200, ANSWERS.CUSTOMER)],
  ['POST /rest/V1/integration/customer/token', json(200, ANSWERS.TOKEN)],
  ['POST /socialapi/auth/post/login', json(201, ANSWERS.LOGIN)],
  // the spec section's Petstore read (bench/spec-section.mjs)
  ['GET /api/v3/pet/10', json(200, ANSWERS.PET)],
  // only for the start-up probe, which polls this route on every server
  ['GET /rest/V1/directory/countries', json(200, ANSWERS.COUNTRIES)],
]);
const NOT_FOUND = json(404, { message: 'not found' });

const server = createServer((req, res) => {
  const answer = ROUTES.get(`${req.method} ${req.url}`) ?? NOT_FOUND;
  req.on('end', () => {
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': answer.body.length });
    res.end(answer.body);
  });
  req.resume();
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => process.stdout.write(`bare node:http listening on http://${host}:${port}\n`));
const stop = () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
