import type { FuzzRequest } from './fuzz-request.js';
import { encodeBody } from './encode-body.js';
import { percentEncode } from './percent-encode.js';

/** What goes on the wire: method, raw target, headers and body bytes. */
export interface WireRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked: boolean;
}

/** Fills in the token where the request puts it and encodes the body. */
export function encodeRequest(req: FuzzRequest, token: string | undefined): WireRequest {
  const headers = { ...req.headers };
  let target = req.target;
  let placement = req.placement;
  let plan = req.body;
  if (token !== undefined && placement === 'body') {
    const value = plan?.value;
    if (plan && plan.encoding !== 'raw' && value && typeof value === 'object' && !Array.isArray(value)) {
      plan = { ...plan, value: { ...value, userToken: token } };
    } else placement = 'query';
  }
  if (token !== undefined) {
    if (placement === 'bearer' || placement === 'bearer-and-query') headers.Authorization = `Bearer ${token}`;
    if (placement === 'bearer-lowercase') headers.Authorization = `bearer ${token}`;
    if (placement === 'query' || placement === 'bearer-and-query') {
      const hash = target.indexOf('#');
      const [base, frag] = hash < 0 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
      target = `${base}${base.includes('?') ? '&' : '?'}userToken=${percentEncode(token)}${frag}`;
    }
  }
  let body: Buffer | undefined;
  if (plan) {
    const encoded = encodeBody(plan);
    body = encoded.bytes;
    if (encoded.contentType !== undefined) headers['Content-Type'] = encoded.contentType.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
  }
  return { method: req.method, target, headers, body, chunked: !!req.chunked && !!body };
}
