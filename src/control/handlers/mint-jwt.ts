import type { Call } from '../../pipeline/stages.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { ServedApi } from '../../pipeline/served-api.js';
import { accessRecordOf, signAccessToken, type AccessTokenGrant, type Tamper } from '../../auth/oauth2/access-token.js';
import { addressedUrl, issuerOf } from '../../auth/oauth2/issuer.js';
import { DEFAULT_ACCESS_LIFETIME_SECONDS, oauthPolicy } from '../../auth/oauth2/server-context.js';
import { isProtocolScope } from '../../auth/oauth2/parties.js';
import { oauthApis } from '../../apis/oauth-server/index.js';
import { controlError } from '../control-error.js';

/** What POST /__authmock/tokens takes for a user spec. */
export interface SpecMint {
  user?: string;
  clientId?: string;
  scopes?: string[];
  claims?: Record<string, unknown>;
  expiresIn?: number;
  tamper?: Tamper;
}

/** Whether a minted token of this API is the JWT a client would get from the namespace's authorization server. */
export function mintsJwt(runtime: Runtime, api: ServedApi, ctx: Call): boolean {
  return oauthApis(runtime.apis).includes(api) && oauthPolicy(ctx.ns.settings.oauth).accessTokenFormat === 'jwt';
}

/**
 * The JWT access token the authorization server would issue (RFC 9068), without a login:
 * for a user (with the client named, else `authmock-control`) or a client acting for
 * itself, with the scopes asked for (never more than the identity holds; OpenID Connect's
 * own always), the claims given, the lifetime asked for, and a tamper on request.
 */
export async function mintJwt(ctx: Call, api: ServedApi, body: SpecMint): Promise<{ token: string; id: string }> {
  const { store } = ctx.services;
  const ns = ctx.ns.name;
  const forUser = body.user !== undefined;
  const kind = forUser ? 'user' : 'client';
  const id = forUser ? body.user! : body.clientId!;
  const identity = await store.identities.get({ ns, api: api.name, kind, id });
  if (!identity) throw controlError('NOT_FOUND', `no ${api.name} ${kind} ${id}`);
  if (forUser && body.clientId !== undefined && !(await store.identities.get({ ns, api: api.name, kind: 'client', id: body.clientId }))) {
    throw controlError('NOT_FOUND', `no ${api.name} client ${body.clientId}`);
  }
  const held = (identity.data.scopes as string[] | undefined) ?? [];
  const extra = (body.scopes ?? []).filter((s) => !held.includes(s) && !isProtocolScope(s));
  if (extra.length)
    throw controlError('BAD_REQUEST', `${kind} ${id} does not hold ${extra.join(', ')} (it holds ${held.join(', ') || 'no scopes'})`);
  const now = ctx.ns.now();
  const grant: AccessTokenGrant = {
    ns,
    alg: oauthPolicy(ctx.ns.settings.oauth).signingAlg,
    issuer: issuerOf(addressedUrl(ctx.req), ns),
    audience: api.name,
    subject: id,
    clientId: forUser ? (body.clientId ?? 'authmock-control') : id,
    scopes: body.scopes ?? held,
    claims: { ...(forUser ? (identity.data.claims as Record<string, unknown> | undefined) : {}), ...body.claims },
    ...(forUser ? { authTime: now } : {}),
    now,
    lifetimeSeconds: body.expiresIn ?? ctx.ns.settings.tokenLifetimes[kind] ?? DEFAULT_ACCESS_LIFETIME_SECONDS,
    tamper: body.tamper,
  };
  const signed = await signAccessToken(ctx.services.keyRing, ctx.services.random, grant);
  await store.oauth.recordAccess({ ns, access: accessRecordOf(grant, signed, kind) });
  return { token: signed.token, id: signed.jti };
}
