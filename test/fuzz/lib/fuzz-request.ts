import type { ApiName } from './api-model.js';
import type { BodyPlan } from './body-plan.js';

/** Who a valid token belongs to: a principal the token pool logs in as. */
export type Principal = 'customer' | 'customer2' | 'admin' | 'restrictedAdmin' | 'socialUser';

/** Which token a request carries; resolved to a value only when it is sent. */
export type TokenPlan =
  { kind: 'none' } | { kind: 'garbage'; value: string } | { kind: 'valid'; principal: Principal } | { kind: 'revoked'; api: ApiName };

/** Where the token goes. The social API also reads it from the query and the body. */
export type TokenPlacement = 'bearer' | 'bearer-lowercase' | 'query' | 'body' | 'bearer-and-query';

/**
 * One generated request, as plain data: the token is chosen by kind and filled in when
 * the request is sent (see encodeRequest), since valid tokens exist only at run time.
 */
export interface FuzzRequest {
  api: ApiName;
  /** the operation the request was generated from (path tricks may keep it from routing there) */
  operationId: string;
  method: string;
  /** the raw request target, path and query, sent byte for byte (latin1) */
  target: string;
  headers: Record<string, string>;
  body?: BodyPlan;
  /** send the body chunked, with no Content-Length */
  chunked?: boolean;
  token: TokenPlan;
  placement: TokenPlacement;
  /** values that must never appear in the answer besides fixture secrets and the token */
  secrets: string[];
  /** what the generator did, for the summary: 'valid-body', 'drop-field', 'path:dot-segment', ... */
  tags: string[];
}
