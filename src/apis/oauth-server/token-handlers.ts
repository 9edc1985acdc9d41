import type { Handler } from '../../pipeline/stages.js';
import { OAuthError } from '../../auth/oauth2/oauth-error.js';
import type { AuthenticatedClient } from '../../auth/oauth2/client-auth.js';
import { tokenRequest } from '../../auth/oauth2/token-endpoint.js';
import { BearerRefusal, introspectRequest, revokeRequest, userinfoRequest } from '../../auth/oauth2/token-endpoints.js';
import { contextOf, formOf, json, noteClient, postedParams, type ServerParts } from './server-parts.js';
import { NO_STORE, oauthErrorResult } from './server-errors.js';

/** The token, revocation, introspection and userinfo endpoints: protocol functions, answered as RFC 6749 §5 says. */
export function tokenHandlers(parts: ServerParts): Record<string, Handler> {
  /** runs one client-authenticated request; a refusal is answered as §5.2 JSON and journaled with its client */
  const guarded =
    (
      what: (form: URLSearchParams) => string,
      run: (
        call: Parameters<Handler>[0],
        form: URLSearchParams,
        heard: (a: AuthenticatedClient) => void,
      ) => Promise<{ body: unknown; detail: string; status?: number }>,
    ): Handler =>
    async (call) => {
      let form = new URLSearchParams();
      let client: AuthenticatedClient | undefined;
      try {
        form = postedParams(call);
        const done = await run(call, form, (a) => (client = a));
        noteClient(call, client, `${what(form)}: ${done.detail}`);
        return done.body === undefined
          ? { status: done.status ?? 200, headers: NO_STORE, body: undefined }
          : json(done.status ?? 200, done.body, NO_STORE);
      } catch (err) {
        if (!(err instanceof OAuthError)) throw err;
        noteClient(call, client, `${what(form)}: refused, ${err.code} (${err.description})`, err.code === 'invalid_client');
        return oauthErrorResult(err, contextOf(call, parts).issuer);
      }
    };

  return {
    token: guarded(
      (form) => form.get('grant_type') ?? 'no grant_type',
      async (call, form, heard) => {
        const ctx = contextOf(call, parts);
        const api = parts.resolver.resolve(call.req.path)?.api;
        const response = await tokenRequest(ctx, call.req.headers, form, api, heard);
        const extras = [response.refresh_token && 'a refresh token', response.id_token && 'an ID token'].filter(Boolean).join(' and ');
        return { body: response, detail: `issued [${response.scope}]${extras ? ` with ${extras}` : ''}` };
      },
    ),
    revoke: guarded(
      () => 'revocation',
      async (call, form, heard) => {
        await revokeRequest(contextOf(call, parts), call.req.headers, form, heard);
        return { body: undefined, detail: 'done' };
      },
    ),
    introspect: guarded(
      () => 'introspection',
      async (call, form, heard) => {
        const body = await introspectRequest(contextOf(call, parts), call.req.headers, form, heard);
        return { body, detail: body.active ? 'active' : 'not active' };
      },
    ),
    userinfo: userinfo(parts),
    userinfoPost: userinfo(parts),
  };
}

function userinfo(parts: ServerParts): Handler {
  return async (call) => {
    const ctx = contextOf(call, parts);
    try {
      return json(200, await userinfoRequest(ctx, call.req.headers, formOf(call)), NO_STORE);
    } catch (err) {
      if (!(err instanceof BearerRefusal)) throw err;
      call.note({ auth: { outcome: err.status === 401 ? 'invalid' : 'ok', detail: err.description } });
      const params = [`realm="${ctx.issuer}"`, ...(err.error ? [`error="${err.error}"`, `error_description="${err.description}"`] : [])];
      const body = { error: err.error ?? 'invalid_request', error_description: err.description };
      return json(err.status, body, { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, ...NO_STORE });
    }
  };
}
