import type { Handler } from '../../pipeline/stages.js';
import { serverMetadata } from '../../auth/oauth2/metadata.js';
import { issuerOf } from '../../auth/oauth2/issuer.js';
import { oauthPolicy } from '../../auth/oauth2/server-context.js';
import { NAMESPACE_PATH_PREFIX } from '../../core/namespace-path.js';
import { contextOf, json, type ServerParts } from './server-parts.js';
import { ServerApiError } from './server-errors.js';

const NAMESPACE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The JWKS and the metadata documents (RFC 8414, OpenID Connect Discovery). */
export function metadataHandlers(parts: ServerParts): Record<string, Handler> {
  const metadata: Handler = async (call) => {
    const ctx = contextOf(call, parts);
    const named = parts.resolver.resolve(call.req.path)?.ns;
    let issuer = ctx.issuer;
    let policy = ctx.policy;
    if (named !== undefined) {
      // RFC 8414 §3.1: /.well-known/oauth-authorization-server/__ns/w1 describes the issuer …/__ns/w1
      if (!NAMESPACE_NAME.test(named)) throw new ServerApiError(parts.name, 'NOT_FOUND', `no issuer ${NAMESPACE_PATH_PREFIX}${named}`);
      const origin = new URL(ctx.issuer).origin;
      issuer = `${issuerOf(`${origin}${NAMESPACE_PATH_PREFIX}${named}/`, named)}${parts.resolver.issuerPath}`;
      policy = oauthPolicy((await call.services.store.namespaces.get(named))?.settings.oauth);
    }
    const body = serverMetadata(issuer, {
      scopes: parts.scopes,
      implicit: parts.implicitApis.size > 0,
      allowPlainPkce: policy.allowPlainPkce,
    });
    return json(200, body, { 'Cache-Control': 'no-store' });
  };
  return {
    async jwks(call) {
      const ctx = contextOf(call, parts);
      // the key tokens will be signed with is there from the first look on
      await ctx.ring.signingKey(ctx.ns, ctx.policy.signingAlg, ctx.now);
      return json(200, { keys: await ctx.ring.published(ctx.ns, ctx.now) }, { 'Cache-Control': 'no-store' });
    },
    openidConfiguration: metadata,
    authorizationServerMetadata: metadata,
  };
}
