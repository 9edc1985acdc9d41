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
  pathParams?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: EncodedBody;
  accept?: string;
  /** index of the spec's server to use (0: the first) */
  server?: number;
}
