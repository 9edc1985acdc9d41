import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readBody, type BodyRead } from '../../src/http/read-request.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server that reads each body with readBody once the request `when` says so; resolves with what it read and whether that was at once. */
function serve(
  limit: number,
  when: 'complete' | 'at-once',
): Promise<{ port: number; reads: Promise<{ read: BodyRead; sync: boolean }>[] }> {
  const reads: Promise<{ read: BodyRead; sync: boolean }>[] = [];
  server = createServer((req, res) => {
    reads.push(
      (async () => {
        if (when === 'complete') await untilComplete(req);
        const pending = readBody(req, limit);
        const sync = !(pending instanceof Promise);
        const read = await pending;
        res.end('ok');
        return { read, sync };
      })(),
    );
  });
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as AddressInfo).port, reads })));
}

async function untilComplete(req: IncomingMessage): Promise<void> {
  for (let i = 0; i < 100 && !req.complete; i++) await new Promise((r) => setImmediate(r));
}

function send(port: number, body: string | string[], headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => res.resume().on('end', resolve));
    req.on('error', reject);
    for (const part of Array.isArray(body) ? body : [body]) req.write(part);
    req.end();
  });
}

describe('readBody', () => {
  it('takes a body that has fully arrived from the buffer at once, byte for byte', async () => {
    const { port, reads } = await serve(1024, 'complete');
    const body = JSON.stringify({ username: 'jane.doe', password: 'pässwörd' });
    await send(port, body, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    const { read, sync } = await reads[0];
    expect(sync).toBe(true);
    expect(read.kind === 'ok' && read.body.toString('utf8')).toBe(body);
  });

  it('streams a body still arriving, and a chunked one, to the same result', async () => {
    const { port, reads } = await serve(1024, 'at-once');
    await send(port, ['{"a":', '1}'], { 'content-type': 'application/json' });
    const { read, sync } = await reads[0];
    expect(sync).toBe(false);
    expect(read.kind === 'ok' && read.body.toString('utf8')).toBe('{"a":1}');
  });

  it('refuses a complete body past the limit as too large, drained', async () => {
    const { port, reads } = await serve(8, 'complete');
    await send(port, 'x'.repeat(20), { 'content-length': '20' });
    const { read } = await reads[0];
    expect(read).toEqual({ kind: 'too-large', drained: true });
  });

  it('answers an empty body (content-length 0) as an empty one', async () => {
    const { port, reads } = await serve(8, 'complete');
    await send(port, '', { 'content-length': '0' });
    const { read } = await reads[0];
    expect(read.kind === 'ok' && read.body.length).toBe(0);
  });
});
