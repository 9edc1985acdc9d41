import type { AccountRole } from './accounts.js';
import type { Exchange } from './http-client.js';
import type { Session } from './session.js';
import type { ExchangeRecord } from './report/record-exchange.js';
import type { CallSpec } from './call-spec.js';

// CallSpec has its own file so session.ts and requester.ts need not import this one (no circle).
export type { CallSpec } from './call-spec.js';

export type Category = 'positive' | 'negative' | 'permission' | 'object-level' | 'flow' | 'lockout';

/**
 * What a step must answer: a 2xx (`success`), 401/403 (`denied`), any 4xx (`rejected`),
 * anything but 401 and 403 (`admitted`: past authentication and authorization), 403 or
 * 404 (`hidden`: someone else's object, refused or not shown to exist) or one
 * status. `verify` adds a check of the body (e.g. that it is the caller's own), `inspect`
 * one of the whole answer (e.g. its RFC 6750 challenge); both only when the status is right.
 */
export interface Expectation {
  check: string;
  outcome: 'success' | 'denied' | 'rejected' | 'admitted' | 'hidden' | number;
  /** what a wrong answer means, in words for the report ("B read A's todos 12") */
  finding?: string;
  verify?: { check: string; test: (body: any) => string | undefined };
  inspect?: { check: string; test: (ex: Exchange) => string | undefined };
}

export interface CaseContext {
  readonly session: Session;
  call(spec: CallSpec, expect?: Expectation): Promise<Exchange | undefined>;
  /** a check of the case's own; a message means it failed */
  record(check: string, operationId: string, problem?: string): void;
}

/** Why a case may not be run; each maps to a reason in the report. */
export interface CaseTags {
  /** sends an XML body or asks for an XML answer */
  xml?: boolean;
  /** Prism's proxy answers this request itself instead of forwarding it: why */
  prismAnswers?: string;
  /** locks an account */
  lockout?: boolean;
  /** uses a token of the other API */
  crossApi?: boolean;
  /** uses one of the spec's other servers (e.g. /rest/{store_code}) */
  altServer?: boolean;
  /** why the case cannot be run at all (a credential the checker cannot produce, a method not sent) */
  unavailable?: string;
}

/** A permission case's place in the matrix: the caller (column) and what it must get. */
export interface MatrixCell {
  /** none, garbage, revoked, a role (customer, admin, ...), or `<other api>-token` */
  caller: string;
  callerTitle: string;
  expected: Expectation['outcome'];
  /** the operation's x-authmock-permission, e.g. `self` or its ACL resources; a user spec's requirements */
  permission: string;
  /** the column's place in the grid, where callers come in a fixed order */
  column?: number;
}

export interface CheckCase {
  id: string;
  api: string;
  /** the operation under test (a flow's first) */
  operationId: string;
  title: string;
  category: Category;
  /** accounts the case logs in with; missing ones skip it */
  requires: AccountRole[];
  tags: CaseTags;
  matrix?: MatrixCell;
  run(ctx: CaseContext): Promise<void>;
}

export interface CheckResult {
  name: string;
  api: string;
  operationId: string;
  /** the request this check judged, e.g. `GET /rest/V1/customers/me -> 401` */
  step: string;
  /** the step's stable name (its label, or `METHOD path-template`), for report names */
  label: string;
  passed: boolean;
  message?: string;
  /** a failed status check on an answer the spec omits: the refusal the case asked for, or a success where it declares none */
  specOmits?: boolean;
  /** a failed check's request and answer, secrets masked */
  exchange?: ExchangeRecord;
}

export interface CaseResult {
  id: string;
  api: string;
  operationId: string;
  title: string;
  category: Category;
  status: 'passed' | 'failed' | 'skipped';
  skipReason?: string;
  matrix?: MatrixCell;
  checks: CheckResult[];
  ms: number;
}
