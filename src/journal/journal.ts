/**
 * The request journal: what a mocked API received and answered, per namespace. Behind
 * this interface so another store (a Redis stream) can keep it; the in-memory ring is
 * memory-journal.ts. Records hold raw pieces (cheap to keep); entries are redacted views.
 */

import type { AuthInfo, PermissionInfo, SteeredInfo, ValidationPlace } from '../pipeline/trace.js';
import type { components } from '../generated/control.js';

export type { AuthInfo, AuthOutcome, PermissionInfo, SteeredInfo } from '../pipeline/trace.js';

export interface PrincipalInfo {
  kind: 'guest' | 'user';
  userType?: string;
  id?: string;
}

/** One exchange as the HTTP layer saw it: raw, redacted only when read. */
export interface JournalRecord {
  time: number;
  method: string;
  path: string;
  /** serialized when read */
  query: URLSearchParams;
  api: string;
  operationId?: string;
  /** for an unmatched request: the nearest operation and what did not match (computed when read) */
  nearest?: () => NearestOperation | undefined;
  principal: PrincipalInfo;
  auth: AuthInfo;
  permission: PermissionInfo;
  status: number;
  durationMs: number;
  steered?: SteeredInfo;
  /** where the request did not match the spec */
  invalid?: { place: ValidationPlace; field: string };
  /** why it was refused, where the answer does not tell ("locked out until ...") */
  refusal?: string;
  request: { headers: Record<string, unknown>; body?: Buffer };
  response: { headers: Record<string, string>; body: string };
}

export interface NearestOperation {
  operationId: string;
  method: string;
  path: string;
  mismatch: string;
}

/** What the control API and the inspector show, every secret masked: the control spec's JournalEntry. */
export type JournalEntry = components['schemas']['JournalEntry'];

export interface JournalFilter {
  operationId?: string;
  status?: number;
  method?: string;
  /** a path, or its start when it ends with `*` */
  path?: string;
  /** `guest`, a user id, or `<userType>:<id>` */
  principal?: string;
  /** epoch ms: entries at or after it */
  since?: number;
  limit?: number;
}

export interface Journal {
  /** how many entries each namespace keeps; 0: the journal is off */
  readonly size: number;
  record(ns: string, record: JournalRecord): void;
  /** newest first */
  list(ns: string, filter?: JournalFilter): JournalEntry[];
  count(ns: string, filter?: JournalFilter): number;
  clear(ns: string): void;
  /** every new entry of the namespace, until the returned function is called */
  subscribe(ns: string, listener: (entry: JournalEntry) => void): () => void;
}
