import http from 'node:http';
import type { Answer } from './answer.js';
import type { WireRequest } from './encode-request.js';

/** Past this the request is abandoned; answers between SLOW_MS and this are findings too. */
const GIVE_UP_MS = 5000;
/** Answers are read up to this size; the rest is dropped (no answer of these APIs is near it). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Sends one request exactly as given: the target is not normalized (dot segments, double
 * slashes and raw bytes reach the server as written), headers and target go out as latin1.
 */
export async function sendRequest(baseUrl: string, wire: WireRequest, agent: http.Agent): Promise<Answer> {
  const answer = await sendOnce(baseUrl, wire, agent);
  // A kept-alive socket the server closed while idle resets on reuse: Node's documented
  // race, not the server failing. Such a request is sent again once, on a new connection.
  if (answer.retry) return sendOnce(baseUrl, wire, agent);
  // A fresh connection dropped without an answer is sent once more: if the second try is
  // answered, the drop is reported apart (droppedOnce) rather than failing the run, since
  // it has not been reproducible (see docs/fuzz-and-soak.md).
  if (answer.error && !answer.error.startsWith('no answer within') && !answer.error.startsWith('request could not')) {
    const again = await sendOnce(baseUrl, wire, agent);
    if (!again.error) return { ...again, droppedOnce: answer.error };
  }
  return answer;
}

function sendOnce(baseUrl: string, wire: WireRequest, agent: http.Agent): Promise<Answer & { retry?: boolean }> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (answer: Omit<Answer, 'ms'> & { retry?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const failed = (error: string) => finish({ status: 0, headers: {}, body: Buffer.alloc(0), error });
    const headers: Record<string, string> = { ...wire.headers };
    if (wire.body && !wire.chunked) headers['Content-Length'] = String(wire.body.length);
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: url.hostname,
        port: url.port,
        method: wire.method,
        path: wire.target,
        headers,
        agent,
        setHost: !('Host' in headers),
      });
    } catch (err) {
      failed(`request could not be sent: ${(err as Error).message}`);
      return;
    }
    timer = setTimeout(() => {
      failed(`no answer within ${GIVE_UP_MS} ms`);
      req.destroy();
    }, GIVE_UP_MS);
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err) => failed(`answer broke off: ${err.message}`));
    });
    // The server may answer (413) and close before it has read the whole body: a write
    // error after an answer has started is not a failure.
    let answered = false;
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (req.reusedSocket && err.code === 'ECONNRESET')
        finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: err.message, retry: true });
      else failed(`connection failed: ${err.message} (${req.reusedSocket ? 'kept-alive' : 'new'} connection)`);
    });
    if (wire.body && wire.chunked) {
      const half = Math.floor(wire.body.length / 2);
      req.write(wire.body.subarray(0, half));
      req.end(wire.body.subarray(half));
    } else req.end(wire.body);
  });
}
