import type { Operation, Principal } from '../core/types.js';

/**
 * What a request's steps found out, kept for the journal, the request log and the
 * inspector. The steps write it as they pass; nothing in the request path reads it back.
 */

/** Why a request was or was not authenticated. */
export type AuthOutcome =
  'none' | 'malformed' | 'unknown' | 'revoked' | 'expired' | 'invalid' | 'other-api' | 'no-identity' | 'refused' | 'ok';

export interface AuthInfo {
  outcome: AuthOutcome;
  /** the scheme whose credential is reported */
  scheme?: string;
  /** the credential's first characters, never more */
  tokenPrefix?: string;
  /** the token's public id, when it decoded */
  tokenId?: number;
  /** a sentence for people: "revoked at 10:42:07 by revokeCustomerToken" */
  detail?: string;
}

export interface PermissionInfo {
  outcome: 'allowed' | 'refused' | 'not-checked';
  /** what the operation asks for: anonymous, self, token, its ACL resources or scopes */
  required?: string;
  /** what the caller lacked, when refused for a scope or an owner rule */
  missing?: string;
}

export interface SteeredInfo {
  /** the rule's id, or `prefer` for a Prefer header */
  rule: string;
  status?: number;
  delayMs?: number;
  fault?: Fault;
}

/** A fault instead of an answer: the connection reset, closed with nothing sent, or a body cut short. */
export type Fault = 'reset' | 'close' | 'malformed';

export type ValidationPlace = 'path' | 'query' | 'header' | 'cookie' | 'body';

export interface Trace {
  op?: Operation;
  /** the format the answer is rendered in (commerce answers XML when asked) */
  format: 'json' | 'xml';
  principal: Principal;
  auth: AuthInfo;
  permission: PermissionInfo;
  steered?: SteeredInfo;
  /** the request did not match the spec: where */
  invalid?: { place: ValidationPlace; field: string };
  /** why it was refused, where the answer does not tell (a handler's own words: "locked out until ...") */
  refusal?: string;
  /** what a handler changed in the state, in words ("created todos 3", "deleted pet 7") */
  change?: string;
}
