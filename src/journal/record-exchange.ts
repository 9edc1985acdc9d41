import type { RequestInput, WireResponse } from '../core/types.js';
import type { Ctx } from '../pipeline/context.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import { describeResources } from '../auth/permissions.js';
import type { AuthInfo, Journal, JournalRecord, PermissionInfo, PrincipalInfo } from './journal.js';
import { findNearest } from './find-nearest.js';

/** Bodies are kept up to this size: a full ring of 1 MiB uploads would hold a gigabyte. */
const BODY_CAP = 16 * 1024;

export interface Exchange {
  api: ApiRuntime;
  /** every mocked API: another API's token is told from a malformed one */
  apis: readonly ApiRuntime[];
  /** the request's finished context; undefined when it was answered before the pipeline */
  ctx?: Ctx;
  input: RequestInput;
  body?: Buffer;
  wire: WireResponse;
  ns: string;
  time: number;
  durationMs: number;
}

/**
 * One exchange into the journal: raw pieces only (redaction happens when read), so the
 * cost on every request is an object or two. Returns the record (the request log reads it).
 */
export function recordExchange(journal: Journal, x: Exchange): JournalRecord {
  const record = describeExchange(x, journal);
  journal.record(x.ns, record);
  return record;
}

/**
 * The journal's record of an exchange, kept or not: what the request log says of a refusal
 * when the journal is off. With `journal`, a token it saw working is told revoked.
 */
export function describeExchange(x: Exchange, journal?: Journal): JournalRecord {
  const { ctx, input, wire } = x;
  const auth = judgeAuth(x, journal);
  const record: JournalRecord = {
    time: x.time,
    method: input.method,
    path: input.path,
    query: input.query,
    api: x.api.name,
    operationId: ctx?.op?.operationId,
    principal: readPrincipal(ctx),
    auth,
    permission: readPermission(ctx),
    status: wire.status,
    durationMs: Math.round(x.durationMs * 100) / 100,
    request: { headers: input.headers as Record<string, unknown>, body: capBody(x.body) },
    response: { headers: wire.headers, body: wire.payload.length > BODY_CAP ? `${wire.payload.slice(0, BODY_CAP)}…` : wire.payload },
  };
  if (!ctx?.op) record.nearest = () => findNearest(x.api.operations, input.method, input.path);
  if (ctx?.steered) record.steered = ctx.steered;
  return record;
}

function capBody(body: Buffer | undefined): Buffer | undefined {
  if (!body || body.length === 0) return undefined;
  // a copy, so the ring does not hold the whole upload's buffer alive
  return body.length > BODY_CAP ? Buffer.from(body.subarray(0, BODY_CAP)) : body;
}

function readPrincipal(ctx: Ctx | undefined): PrincipalInfo {
  const p = ctx?.principal;
  return p?.kind === 'user' ? { kind: 'user', userType: p.userType, id: p.userId } : { kind: 'guest' };
}

function readPermission(ctx: Ctx | undefined): PermissionInfo {
  const op = ctx?.op;
  if (!op) return { outcome: 'not-checked' };
  const required = describeResources(op.permission);
  if (ctx.permitted === undefined) return { outcome: 'not-checked', required };
  return { outcome: ctx.permitted ? 'allowed' : 'refused', required };
}

function judgeAuth(x: Exchange, journal: Journal | undefined): AuthInfo {
  const auth = x.ctx?.auth ?? { outcome: 'none' as const };
  // another step (an integration's bearer or OAuth signature) found the caller
  if (x.ctx?.principal.kind === 'user' && auth.outcome !== 'ok')
    return { outcome: 'ok', ...(auth.tokenPrefix ? { tokenPrefix: auth.tokenPrefix } : {}) };
  if (auth.outcome === 'malformed') return findOtherApi(x, auth);
  // a signed request (OAuth 1.0a) that no step accepted: the answer says why
  if (auth.outcome === 'none' && /^oauth\s/i.test(String(x.input.headers.authorization ?? ''))) {
    return { outcome: 'refused', detail: `OAuth 1.0a request refused (${x.wire.status}; the answer says why)` };
  }
  if (auth.outcome === 'unknown' && auth.tokenId !== undefined && journal) return findRevocation(journal, x.ns, auth);
  return auth;
}

function findOtherApi(x: Exchange, auth: AuthInfo): AuthInfo {
  const token = x.ctx?.api.dialect.readToken(x.ctx);
  const owner = token && x.apis.find((a) => a !== x.api && a.tokens.decode(token).length > 0);
  return owner ? { ...auth, outcome: 'other-api', detail: `a ${owner.name} token, refused by ${x.api.name}` } : auth;
}

/**
 * A token the store no longer knows that this journal saw working was revoked: said so,
 * with when and by which operation when the journal saw that too.
 */
function findRevocation(journal: Journal, ns: string, auth: AuthInfo): AuthInfo {
  const recent = journal.list(ns, { limit: 200 });
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
