import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, runCheck, startAuthmock, startPrism, stopAll, type Started } from './support.js';

/**
 * authmock validates its own answers and turns a broken one into a 500, so the breakage
 * is made on the wire: a tiny proxy rewrites the customer's `id` into a string in every
 * JSON answer of GET /V1/customers/me.
 */
function startRewritingProxy(upstream: string): Promise<Server> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        let body = Buffer.concat(chunks);
        const json = String(up.headers['content-type']).startsWith('application/json');
        if (json && up.statusCode === 200 && /\/V1\/customers\/me(\?|$)/.test(req.url ?? '')) {
          body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), id: 'x' }));
        }
        const { 'transfer-encoding': _chunked, connection: _c, 'keep-alive': _k, ...headers } = up.headers;
        res.writeHead(up.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a response broken on purpose', () => {
  let server: Started;
  let rewriter: Server;
  let rewriterUrl: string;
  let prism: Started;

  beforeAll(async () => {
    server = await startAuthmock();
    rewriter = await startRewritingProxy(server.url);
    rewriterUrl = `http://127.0.0.1:${(rewriter.address() as AddressInfo).port}`;
    prism = await startPrism(['proxy', 'specs/commerce.openapi.yaml', `${rewriterUrl}/rest`, '--errors', '--validate-request', 'false']);
  });
  afterAll(async () => {
    rewriter?.closeAllConnections();
    await new Promise((resolve) => rewriter?.close(resolve));
    await stopAll();
  });

  it('is caught by the checker: the customer schema check fails, only on GET /customers/me', async () => {
    const run = await runCheck(['--target', rewriterUrl, '--api', 'commerce', '--no-lockout']);
    expect(run.code).toBe(1);
    const failed = failures(run.report);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(f.name).toBe('response_schema_conformance');
      expect(f.step).toMatch(/GET \/rest(\/default)?\/V1\/customers\/me -> 200/);
      expect(f.message).toMatch(/\/id must be integer/);
    }
    expect(run.report.operations.find((o) => o.operationId === 'getCurrentCustomer')!.score).toBeLessThan(100);
    expect(run.junit).toMatch(/<failure message="the body does not match the 200 application\/json schema: \/id must be integer/);
  });

  it('is caught by Prism too: its proxy answers 500 VIOLATIONS naming the field', async () => {
    const run = await runCheck(['--commerce-url', prism.url, '--api', 'commerce', '--no-lockout', '--proxy-safe']);
    expect(run.code).toBe(1);
    const failed = failures(run.report);
    const serverErrors = failed.filter((f) => f.name === 'not_a_server_error');
    expect(serverErrors.length).toBeGreaterThan(0);
    for (const f of serverErrors) {
      expect(f.step).toMatch(/GET \/V1\/customers\/me -> 500/);
      expect(f.message).toMatch(/VIOLATIONS.*Response body property id must be integer/);
    }
    expect(failed.filter((f) => !/GET \/V1\/customers\/me -> 500/.test(f.step)).map((f) => `${f.name} ${f.step} ${f.message}`)).toEqual([]);
  });
});
