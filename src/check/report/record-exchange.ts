import type { Exchange } from '../http-client.js';
import { maskBody, maskHeaders, maskUrl } from './mask-secrets.js';

/** A request and its answer as a report shows them: secrets masked, bodies cut short. */
export interface ExchangeRecord {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string; ms: number };
}

const MAX_BODY = 4000;

/**
 * Masks first, then cuts, so a cut never leaves part of a secret unmasked. `secretNames`
 * are headers and query parameters that carry secrets whatever they are called (an API
 * key scheme's `X-Partner` header).
 */
export function recordExchange(ex: Exchange, secretNames: readonly string[] = []): ExchangeRecord {
  const { request } = ex;
  const requestType = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const responseHeaders: Record<string, string> = {};
  ex.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  return {
    request: {
      method: request.method,
      url: maskUrl(request.url, secretNames),
      headers: maskHeaders(request.headers, secretNames),
      ...(request.body === undefined ? {} : { body: cut(maskBody(decode(request.body), requestType)) }),
    },
    response: {
      status: ex.status,
      headers: maskHeaders(responseHeaders),
      body: cut(maskBody(ex.text, ex.mediaType)),
      ms: Math.round(ex.ms * 10) / 10,
    },
  };
}

function decode(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length - MAX_BODY} more characters)` : text;
}
