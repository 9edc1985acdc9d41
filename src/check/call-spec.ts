import type { EncodedBody } from './encode-body.js';

/** One request of a case, addressed by operation rather than URL. */
export interface CallSpec {
  api: string;
  operationId: string;
  /** names the step in reports; defaults to `METHOD path` */
  label?: string;
  /** sent as `Authorization: Bearer`, unless `tokenInQuery` names a query parameter */
  token?: string;
  tokenInQuery?: string;
  /** makes the Authorization header from the final method and URL (an OAuth 1.0a signature); wins over `token` */
  sign?: (request: { method: string; url: string }) => string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: EncodedBody;
  accept?: string;
  /** more headers: a user spec's credentials (API keys, Basic, cookies) and header parameters */
  headers?: Record<string, string>;
  /** index of the spec's server to use (0: the first) */
  server?: number;
}
