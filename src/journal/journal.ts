/**
 * The request journal: what a mocked API received and answered, per namespace. Two
 * implementations: a ring in this process's memory (memory-journal.ts) and, when the
 * state is Redis, a capped stream per namespace that every instance writes and reads
 * (redis-journal.ts). Records hold raw pieces (cheap to keep); entries are redacted views.
 */

import type { AuthInfo, PermissionInfo, SteeredInfo, ValidationPlace } from '../pipeline/trace.js';
import type { components } from '../generated/control.js';

export type { AuthInfo, AuthOutcome, PermissionInfo, SteeredInfo } from '../pipeline/trace.js';

export interface PrincipalInfo {
  kind: 'guest' | 'user';
  userType?: string;
  id?: string;
}

/** One exchange as the HTTP layer saw it: raw, redacted only when read (or when it leaves the process). */
export interface JournalRecord {
  /** the instance that served it (--instance-name) */
  instance: string;
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
  /** what the request did to a stored object ("created todos 3") */
  change?: string;
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
  /** the API's name (a spec's, as `serve` gives it) */
  api?: string;
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

/** Which namespace, and which of its entries. */
export interface JournalQuery {
  ns: string;
  filter?: JournalFilter;
}

/** The namespace is no longer as the exchange assumed (Journal.record's `expect`): nothing was kept. */
export class StaleNamespace extends Error {
  override name = 'StaleNamespace';
}

export interface Journal {
  /** how many entries each namespace keeps; 0: the journal is off */
  readonly size: number;
  /** whether `record` can check `expect` (the Redis journal: in the step that keeps the entry) */
  readonly checksNamespace: boolean;
  /**
   * Keeps one exchange. Kept for good at once in memory (it answers nothing, and a request
   * with the journal on is answered as synchronously as one without); for the Redis journal,
   * a promise that settles once Redis acknowledged it (the answer is sent only then, so the
   * entry of every answered request outlives a crash of the instance). Throws or rejects when
   * it cannot be kept.
   * `expect`: the namespace's snapshot (NamespaceStore.peek) the exchange was answered under;
   * the entry is kept only while the namespace is still exactly so, else StaleNamespace.
   */
  record(args: { ns: string; record: JournalRecord; expect?: string }): Promise<void> | void;
  /** newest first */
  list(query: JournalQuery): Promise<JournalEntry[]>;
  count(query: JournalQuery): Promise<number>;
  clear(args: { ns: string }): Promise<void>;
  /** every new entry of the namespace (whichever instance served it), until the returned function is called */
  subscribe(args: { ns: string; listener: (entry: JournalEntry) => void }): () => void;
  /** stops following (the Redis journal's reading connection) */
  close(): Promise<void>;
}
