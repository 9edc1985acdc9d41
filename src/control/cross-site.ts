import type { IncomingHttpHeaders } from 'node:http';

/** The header a call without a JSON body sends to show it is no cross-site form or beacon (any non-empty value). */
export const CLIENT_HEADER = 'X-Authmock-Client';

const CHANGES_STATE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a request that changes the control API's state may be a browser's cross-site
 * "simple" request, or undefined when it cannot be. A page on any origin may POST
 * text/plain, a form or a beacon without a preflight; it may not, without one, send a
 * JSON content type or a header of authmock's own, and the control API's preflight
 * allows neither to an origin --cors-origin does not name.
 */
export function findCrossSiteGap(method: string, headers: IncomingHttpHeaders): string | undefined {
  if (!CHANGES_STATE.has(method)) return undefined;
  if (isJson(headers['content-type'])) return undefined;
  if (isGiven(headers['x-authmock-key']) || isGiven(headers['x-authmock-client'])) return undefined;
  return (
    `${method} changes state: send a JSON body with Content-Type: application/json, or the header ` +
    `${CLIENT_HEADER} (any value) or X-Authmock-Key; a web page on another origin cannot send these without CORS allowing it`
  );
}

function isJson(type: string | undefined): boolean {
  const essence = (type ?? '').split(';')[0].trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

function isGiven(value: string | string[] | undefined): boolean {
  return typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.some((v) => v.trim() !== '');
}
