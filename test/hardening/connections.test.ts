import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, rawClient, sleep, type Listening } from './listen.js';

let server: Listening | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

async function send(port: number, raw: string): Promise<string> {
  const client = rawClient(port);
  client.socket.write(raw);
  return client.closed;
}

describe('CONNECT, which Node hands to a listener of its own', () => {
  it("gets the commerce API's answer to an unknown method on a commerce path", async () => {
    server = await listen();
    const answer = await send(server.port, 'CONNECT /rest/V1/customers/me HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.split('\r\n\r\n')[1]).toBe('{"message":"Request method is invalid."}');
  });

  it("gets the social API's 405 on a social path", async () => {
    server = await listen();
    const answer = await send(server.port, 'CONNECT /socialapi/user/get/profile HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ status: false });
  });

  it('gets a plain 400 for a proxy target, instead of a closed socket', async () => {
    server = await listen();
    const answer = await send(server.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('not a proxy');
  });
});

describe('an upload the client aborts', () => {
  it('prints no stack trace, and is logged at debug level', async () => {
    // Express prints error stacks except under NODE_ENV=test, which vitest sets.
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    server = await listen().finally(() => (process.env.NODE_ENV = env));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stderr = vi.spyOn(process.stderr, 'write');
    const client = rawClient(server.port);
    client.socket.write(
      'POST /rest/V1/integration/customer/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user',
    );
    await sleep(100);
    client.socket.destroy();
    for (let i = 0; i < 50 && !server.logs.some((l) => l.msg === 'upload aborted'); i++) await sleep(20);
    expect(errors).not.toHaveBeenCalled();
    expect(stderr.mock.calls.map((c) => String(c[0])).join('')).not.toMatch(/\n\s+at /);
    expect(server.logs.find((l) => l.msg === 'upload aborted')).toMatchObject({ level: 20 });
  });
});

describe('timeouts and the connection cap', () => {
  it('cuts off a body trickled one byte at a time once the request timeout passes', async () => {
    server = await listen({}, { requestTimeoutMs: 1000, headersTimeoutMs: 1000, checkIntervalMs: 100 });
    const client = rawClient(server.port);
    client.socket.write(
      'POST /rest/V1/integration/customer/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const started = Date.now();
    const trickle = setInterval(() => client.socket.writable && client.socket.write('x'), 200);
    const answer = await client.closed;
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('sets the documented timeouts by default', async () => {
    const { createHttpServer, REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS } = await import('../../src/http/create-server.js');
    expect([REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS]).toEqual([30_000, 10_000]);
    const { makeApp } = await import('../support/make-app.js');
    const t = makeApp();
    const runtime = { services: { config: t.config, log: { debug() {} } }, apis: [], hooks: {}, namespaces: {} } as never;
    const s = createHttpServer(runtime, t.app, { maxConnections: 7 });
    expect([s.requestTimeout, s.headersTimeout, s.maxConnections]).toEqual([30_000, 10_000, 7]);
  });

  it('closes connections past --max-connections', async () => {
    server = await listen({}, { maxConnections: 2 });
    const clients = [rawClient(server.port), rawClient(server.port)];
    await sleep(100);
    const third = rawClient(server.port);
    await third.closed;
    for (const c of clients) c.socket.write('GET /rest/V1/directory/currency HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answers = await Promise.all(clients.map((c) => c.closed));
    for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 200 /);
    expect(third.received()).toBe('');
  });
});
