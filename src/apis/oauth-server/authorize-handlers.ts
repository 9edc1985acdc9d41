import type { Call, Handler } from '../../pipeline/stages.js';
import { oauthError } from '../../auth/oauth2/oauth-error.js';
import { approve, readAuthorizationRequest, refuse, type AuthorizationRequest } from '../../auth/oauth2/authorize.js';
import type { ServerContext } from '../../auth/oauth2/server-context.js';
import type { OAuthUser } from '../../auth/oauth2/parties.js';
import { contextOf, formOf, page, redirect, type ServerParts } from './server-parts.js';
import { errorPage, loginPage, PAGE_FIELDS } from './login-page.js';

/**
 * The authorization endpoint (RFC 6749 §3.1): GET shows the login and consent page (or,
 * with the namespace's autoApprove, signs the user in and redirects at once); the page
 * posts back here with the request, the user's credentials and the scopes approved.
 */
export function authorizeHandlers(parts: ServerParts): Record<string, Handler> {
  return {
    async authorize(call) {
      const ctx = contextOf(call, parts);
      const params = new URLSearchParams(call.req.query);
      const checked = await check(call, ctx, params, parts);
      if ('status' in checked) return checked;
      const request = checked;
      const prompt = (params.get('prompt') ?? '').split(' ');
      if (ctx.policy.autoApprove) {
        const user = await signedIn(ctx, request);
        if (!user)
          return redirect(
            refuse(ctx, request, oauthError('login_required', `no user ${request.loginHint ?? ctx.policy.loginUser ?? ''} to sign in`)),
          );
        call.note({ auth: { outcome: 'ok', detail: `user ${user.username} signed in and consented (autoApprove)` } });
        return redirect(await approve(ctx, request, user));
      }
      if (prompt.includes('none')) return redirect(refuse(ctx, request, oauthError('login_required', 'the user must sign in on the page')));
      return page(200, loginPage({ request, users: await usernames(ctx, request) }));
    },
    async authorizeSubmit(call) {
      const ctx = contextOf(call, parts);
      const form = formOf(call);
      const params = new URLSearchParams([...form.entries()].filter(([name]) => !PAGE_FIELDS.includes(name)));
      const checked = await check(call, ctx, params, parts);
      if ('status' in checked) return checked;
      const request = checked;
      if (form.get('decision') !== 'approve') {
        call.note({ auth: { outcome: 'none', detail: 'the user denied the request' } });
        return redirect(refuse(ctx, request, oauthError('access_denied', 'the user denied the request')));
      }
      const username = form.get('username') ?? '';
      const user = await ctx.parties.user(request.client.api, username);
      const ok = ctx.parties.secrets.matches(user?.passwordDigest, form.get('password') ?? '');
      if (!user || !ok) {
        call.note({ auth: { outcome: 'invalid', detail: `wrong username or password for ${username}` } });
        return page(200, loginPage({ request, users: await usernames(ctx, request), error: 'Wrong username or password.', username }));
      }
      const consent = form.getAll('consent');
      call.note({ auth: { outcome: 'ok', detail: `user ${user.username} signed in and approved [${consent.join(' ')}]` } });
      return redirect(await approve(ctx, { ...request, scopes: request.scopes.filter((s) => consent.includes(s)) }, user));
    },
  };
}

/** The request as the protocol checks it: the page's error, a redirect with the error, or the request to go on with. */
async function check(call: Call, ctx: ServerContext, params: URLSearchParams, parts: ServerParts) {
  const checked = await readAuthorizationRequest(ctx, params, parts.resolver.resolve(call.req.path)?.api);
  if (checked.kind === 'ok') return checked.request;
  call.note({
    auth: { outcome: 'invalid', detail: `authorization request refused: ${checked.error.code} (${checked.error.description})` },
  });
  return checked.kind === 'page-error' ? page(400, errorPage(checked.error.description)) : redirect(checked.location);
}

/** Who autoApprove signs in: the user `login_hint` names, else the namespace's loginUser, else the spec's first user. */
async function signedIn(ctx: ServerContext, request: AuthorizationRequest): Promise<OAuthUser | undefined> {
  const named = request.loginHint ?? ctx.policy.loginUser;
  if (named !== undefined) return ctx.parties.user(request.client.api, named);
  return (await ctx.parties.users(request.client.api))[0];
}

async function usernames(ctx: ServerContext, request: AuthorizationRequest): Promise<string[]> {
  return (await ctx.parties.users(request.client.api)).map((u) => u.username);
}
