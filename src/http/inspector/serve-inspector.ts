import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Journal } from '../../journal/journal.js';
import { queryOf, splitTarget } from '../read-request.js';
import { renderInspectorPage } from './inspector-page.js';

/** The inspector page and its event stream: HTML and text/event-stream, served beside the pipeline. */
export const INSPECTOR_PATH = '/__authmock/ui';
export const STREAM_PATH = '/__authmock/requests/stream';

const KEEP_ALIVE_MS = 15_000;

/**
 * Off loopback the control key is required here too; a browser's EventSource cannot send
 * headers, so it may come as a `key` query field. Compared in constant time.
 */
export function allowsInspector(req: IncomingMessage, key: string | undefined): boolean {
  if (key === undefined) return true;
  const header = req.headers['x-authmock-key'];
  const given = typeof header === 'string' ? header : queryOf(splitTarget(req.url ?? '')).get('key');
  return given !== null && timingSafeEqual(digest(given), digest(key));
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The page, with the served operations for its pickers (rendered once per app). */
export function createInspectorPage(operationIds: readonly string[]): string {
  return renderInspectorPage([...new Set(operationIds)].sort());
}

export function serveInspectorPage(res: ServerResponse, html: string): void {
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    'Cache-Control': 'no-store',
    // the page makes no request outside this server
    'Content-Security-Policy': "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
  });
  res.end(html);
}

/** New journal entries of the namespace (from every instance, on Redis) as server-sent events, until the client goes. */
export function serveRequestStream(req: IncomingMessage, res: ServerResponse, journal: Journal, ns: string): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(`: authmock journal of namespace ${ns}${journal.size === 0 ? ' (off: --journal-size 0)' : ''}\n\n`);
  const stop = journal.subscribe({
    ns,
    listener: (entry) => res.write(`event: entry\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`),
  });
  const ping = setInterval(() => res.write(': ping\n\n'), KEEP_ALIVE_MS);
  ping.unref();
  const end = () => {
    stop();
    clearInterval(ping);
  };
  req.on('close', end);
  res.on('close', end);
}
