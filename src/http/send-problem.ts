import type { ServerResponse } from 'node:http';

/** An authmock-level refusal (not any API's): application/problem+json. */
export function sendProblem(res: ServerResponse, status: number, title: string, detail: string): void {
  const payload = JSON.stringify({ type: 'about:blank', title, status, detail });
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': String(Buffer.byteLength(payload)) });
  res.end(payload);
}
