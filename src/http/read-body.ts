import type { IncomingMessage } from 'node:http';

export type BodyRead = { kind: 'none' } | { kind: 'ok'; body: Buffer } | { kind: 'too-large' };

/** Reads the whole body up to `limit` bytes; a request without one costs nothing. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> | BodyRead {
  const declared = req.headers['content-length'];
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return { kind: 'none' };
  if (declared !== undefined && Number(declared) > limit) return { kind: 'too-large' };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve({ kind: 'ok', body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}
