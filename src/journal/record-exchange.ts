import type { RequestInput, WireResponse } from '../core/types.js';
import type { ServedApi } from '../pipeline/served-api.js';
import type { Trace } from '../pipeline/trace.js';
import type { AuthInfo, Journal, JournalRecord, PrincipalInfo } from './journal.js';
import { findNearest } from './find-nearest.js';

/** Bodies are kept up to this size: a full ring of 1 MiB uploads would hold a gigabyte. */
const BODY_CAP = 16 * 1024;

export interface Exchange {
  api: ServedApi;
  /** every mocked API: another API's token is told from a malformed one */
  apis: readonly ServedApi[];
  /** what the request's steps found out; undefined when it was answered before the pipeline */
  trace?: Trace;
  input: RequestInput;
  body?: Buffer;
  wire: WireResponse;
  ns: string;
  /** the instance that served it */
  instance: string;
  time: number;
  durationMs: number;
}

/**
 * One exchange into the journal: raw pieces only (the memory journal redacts when read),
 * so the cost on every request is an object or two. Answers the record (the request log
 * reads it) once the journal keeps it for good: at once in memory, as a promise when Redis
 * must acknowledge it first, or when the journal is read to tell a revoked token. `expect`:
 * the namespace snapshot the exchange was answered under (Journal.record).
 */
export function recordExchange(journal: Journal, x: Exchange, expect?: string): JournalRecord | Promise<JournalRecord> {
  const record = describeExchange(x);
  const { auth } = record;
  // a token the store does not know may be one this journal saw revoked (one read of the journal, rare)
  if (auth.outcome === 'unknown' && auth.tokenId !== undefined) return recordRevoked(journal, x.ns, record, expect);
  const kept = journal.record({ ns: x.ns, record, expect });
  return kept ? kept.then(() => record) : record;
}

async function recordRevoked(journal: Journal, ns: string, described: JournalRecord, expect?: string): Promise<JournalRecord> {
  const record = { ...described, auth: await findRevocation(journal, ns, described.auth) };
  await journal.record({ ns, record, expect });
  return record;
}

/**
 * The journal's record of an exchange, kept or not: what the request log says of a refusal
 * when the journal is off (recordExchange tells a token the journal saw working revoked).
 */
export function describeExchange(x: Exchange): JournalRecord {
  const { trace, input, wire } = x;
  const payload = typeof wire.payload === 'string' ? wire.payload : `(${wire.payload.length} bytes)`;
  const auth = judgeAuth(x);
  const record: JournalRecord = {
    instance: x.instance,
    time: x.time,
    method: input.method,
    path: input.path,
    query: input.query,
    api: x.api.name,
    operationId: trace?.op?.operationId,
    principal: readPrincipal(trace),
    auth,
    permission: trace?.permission ?? { outcome: 'not-checked' },
    status: wire.status,
    durationMs: Math.round(x.durationMs * 100) / 100,
    request: { headers: input.headers as Record<string, unknown>, body: capBody(x.body) },
    response: { headers: wire.headers, body: payload.length > BODY_CAP ? `${payload.slice(0, BODY_CAP)}…` : payload },
  };
  if (!trace?.op) record.nearest = () => findNearest(x.api.model.operations, input.method, input.path);
  if (trace?.steered) record.steered = trace.steered;
  if (trace?.invalid) record.invalid = trace.invalid;
  if (trace?.refusal) record.refusal = trace.refusal;
  if (trace?.change) record.change = trace.change;
  return record;
}

function capBody(body: Buffer | undefined): Buffer | undefined {
  if (!body || body.length === 0) return undefined;
  // a copy, so the ring does not hold the whole upload's buffer alive
  return body.length > BODY_CAP ? Buffer.from(body.subarray(0, BODY_CAP)) : body;
}

function readPrincipal(trace: Trace | undefined): PrincipalInfo {
  const p = trace?.principal;
  return p?.kind === 'user' ? { kind: 'user', userType: p.userType, id: p.userId } : { kind: 'guest' };
}

function judgeAuth(x: Exchange): AuthInfo {
  const auth = x.trace?.auth ?? { outcome: 'none' as const };
  if (auth.outcome === 'refused') return { ...auth, detail: `OAuth 1.0a request refused (${x.wire.status}; the answer says why)` };
  if (auth.outcome === 'malformed' && auth.tokenPrefix) return findOtherApi(x, auth);
  return auth;
}

/** A token another API's format reads is that API's token, not a malformed one. */
function findOtherApi(x: Exchange, auth: AuthInfo): AuthInfo {
  const presented = presentedTokens(x.input);
  const owner = x.apis.find((a) => a !== x.api && presented.some((t) => a.tokens.decode(t).length > 0));
  return owner ? { ...auth, outcome: 'other-api', detail: `a ${owner.name} token, refused by ${x.api.name}` } : auth;
}

/** The bearer token and the query and body tokens a request carries (only read for a malformed one). */
function presentedTokens(input: RequestInput): string[] {
  const out: string[] = [];
  const bearer = /^\s*bearer\s+(\S+)\s*$/i.exec(String(input.headers.authorization ?? ''))?.[1];
  if (bearer) out.push(bearer);
  for (const value of input.query.values()) out.push(value);
  return out;
}

/**
 * A token the store no longer knows that this journal saw working was revoked: said so,
 * with when and by which operation when the journal saw that too.
 */
async function findRevocation(journal: Journal, ns: string, auth: AuthInfo): Promise<AuthInfo> {
  const recent = await journal.list({ ns, filter: { limit: 200 } });
  const seen = recent.find((e) => e.auth.tokenId === auth.tokenId && e.auth.outcome === 'ok' && e.principal.kind === 'user');
  if (!seen) return auth;
  const who = seen.principal;
  const revoke = recent.find(
    (e) =>
      /revoke|logout/i.test(e.operationId) &&
      e.status < 300 &&
      e.principal.userType === who.userType &&
      e.principal.id === who.id &&
      e.id >= seen.id,
  );
  const at = revoke
    ? ` at ${revoke.time.slice(11, 19)} by ${revoke.operationId}`
    : ' (through the control API, or the namespace was reset)';
  return { ...auth, outcome: 'revoked', detail: `token of ${who.userType} ${who.id} revoked${at}` };
}
