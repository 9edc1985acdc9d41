import type { Ctx } from '../../pipeline/context.js';
import { operationOf } from '../../pipeline/context.js';
import { authenticate } from '../../pipeline/authenticate.js';
import { readBearer } from '../../auth/tokens.js';
import { composeRequestUrl, verifyOauthRequest, type OauthDeps } from '../../auth/oauth1/index.js';
import { commerceIdentities } from './identities.js';
import { integrationPrincipal } from './resolve-principal.js';
import { oauthRefusalError } from './oauth-refusal-error.js';

/**
 * The platform's user contexts in their order (docs/commerce-integrations.md §1): a bearer
 * token first (an integration's access token too, with --integration-as-bearer), then an
 * OAuth 1.0a signed request. Anonymous routes never verify a signature. A refused OAuth
 * request ends with the platform's error; an accepted one of an inactive integration is a
 * guest, so the permission check answers it.
 */
export async function authenticateCommerce(ctx: Ctx): Promise<void> {
  await authenticate(ctx);
  if (ctx.principal.kind === 'user') return;
  const { config } = ctx.services;
  const ids = commerceIdentities(ctx.services, ctx.ns.name);
  const authorization = ctx.req.headers.authorization;

  const bearer = config.integrationAsBearer ? readBearer(authorization) : undefined;
  if (bearer) {
    // found by token without the active filter; a revoked token finds no user (§6)
    const integration = await ids.integrationByAccessToken(bearer);
    if (integration && !integration.tokenRevoked) ctx.principal = integrationPrincipal(integration);
    return;
  }
  if (!authorization || operationOf(ctx).permission.kind === 'anonymous') return;

  const deps: OauthDeps = {
    now: ctx.ns.now(),
    lookupConsumer: async (key) => {
      const found = await ids.integrationByConsumerKey(key);
      return found && { id: found.id, secret: found.consumerSecret };
    },
    lookupToken: async (token) => {
      const found = await ids.integrationByAccessToken(token);
      return found && { secret: found.tokenSecret, consumerKey: found.consumerKey, type: 'access', revoked: found.tokenRevoked };
    },
    rememberNonce: (consumerKey, nonce, timestamp) =>
      ctx.services.store.nonces.remember({ ns: ctx.ns.name, consumerKey, nonce, timestamp }),
  };
  const verdict = await verifyOauthRequest(
    {
      method: ctx.req.method,
      url: requestUrl(ctx),
      authorization,
      contentType: ctx.req.headers['content-type'],
      body: ctx.req.rawBody,
    },
    deps,
    { allowSha1: config.oauthSha1 === true },
  );
  if (verdict.outcome === 'not-oauth') return;
  if (verdict.outcome === 'refused') throw oauthRefusalError(verdict);
  const integration = await ids.integrationByConsumerKey(verdict.consumerKey);
  if (integration?.active) ctx.principal = integrationPrincipal(integration);
}

/**
 * The URL as the client addressed it (§2): the Host header as sent and the request
 * target as received, store code and namespace prefix included. `https` when a TLS
 * offloader in front says so, as the platform trusts its offloader header.
 */
function requestUrl(ctx: Ctx): string {
  const { headers } = ctx.req;
  const proto = String(headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  const query = ctx.req.query.toString();
  const target = ctx.req.target ?? (query ? `${ctx.req.path}?${query}` : ctx.req.path);
  return composeRequestUrl({ secure: proto === 'https', host: headers.host ?? '', target });
}
