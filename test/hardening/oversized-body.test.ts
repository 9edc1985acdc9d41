import { afterEach, describe, expect, it } from 'vitest';
import { fetchFromChild, listen, rawClient, sleep, type Listening } from './listen.js';

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const LIMIT = 1024;

describe('a body over --body-limit, sent by Node fetch', () => {
  it('commerce: fetch in another process reads the 413 in the API format instead of failing with EPIPE', async () => {
    server = await listen({ bodyLimit: LIMIT });
    const answers = await fetchFromChild(`${server.baseUrl}/rest/V1/integration/customer/token`, 6 * 1024 * 1024, 6, {
      'Content-Type': 'application/json',
    });
    expect(answers).toEqual(Array(6).fill(`413 {"message":"Request body is larger than ${LIMIT} bytes."}`));
  }, 30_000);

  it('social: the same, in the social API format', async () => {
    server = await listen({ bodyLimit: LIMIT });
    const answers = await fetchFromChild(`${server.baseUrl}/socialapi/auth/post/login`, 6 * 1024 * 1024, 4, {
      'Content-Type': 'application/json',
    });
    expect(answers).toEqual(Array(4).fill(`413 {"status":false,"message":"Request body is larger than ${LIMIT} bytes."}`));
  }, 30_000);

  it('answers Expect: 100-continue with the 413 at once when the declared length is too large', async () => {
    server = await listen({ bodyLimit: LIMIT });
    const client = rawClient(server.port);
    client.socket.write(
      'POST /rest/V1/integration/customer/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10485760\r\nExpect: 100-continue\r\n\r\n',
    );
    const started = Date.now();
    const answer = await client.closed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('100 Continue');
    expect(answer).toContain(`Request body is larger than ${LIMIT} bytes.`);
  });

  it('sends 100 Continue for a body within the limit, and answers it', async () => {
    server = await listen({ bodyLimit: LIMIT });
    const client = rawClient(server.port);
    const body = JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' });
    client.socket.write(
      'POST /rest/V1/integration/customer/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    for (let i = 0; i < 50 && !client.received().includes('100 Continue'); i++) await sleep(20);
    expect(client.received()).toMatch(/^HTTP\/1\.1 100 Continue/);
    client.socket.write(body);
    expect(await client.closed).toMatch(/HTTP\/1\.1 200 OK/);
  });

  it('gives up lingering after a bounded time: a body that never ends is cut off', async () => {
    server = await listen({ bodyLimit: LIMIT });
    const client = rawClient(server.port);
    client.socket.write(
      'POST /socialapi/auth/post/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 999999\r\n\r\n',
    );
    client.socket.write('x'.repeat(2 * LIMIT));
    const answer = await client.closed; // LINGER_MS later
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  }, 10_000);
});
