import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for browser front ends (reference/decisions.md): a preflight is answered here,
 * before any API sees it; other requests from an allowed origin get the allow headers.
 * Returns true when the request has been answered.
 */
export function createCors(origins: readonly string[]) {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (!origin || !(any || allowed.has(origin))) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    const asked = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Headers', asked ? `Authorization, Content-Type, ${asked}` : 'Authorization, Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204);
    res.end();
    return true;
  };
}
