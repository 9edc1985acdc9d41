import type { HandlerResult } from '../../../core/types.js';
import type { Call } from '../../../pipeline/stages.js';
import { parsePointer } from '../../../spec/json-pointer.js';
import { issueToken } from '../../../auth/tokens.js';
import { answerFromSpec } from '../../../pipeline/answer-from-spec.js';
import type { SampleOf } from '../../../spec/samples.js';
import { specIdentities } from '../spec-identities.js';
import { issuedForClaims } from '../spec-directory.js';
import type { IssuedFor } from '../../../auth/verdict.js';
import type { SpecModel } from '../../../spec/spec-model.js';
import { SpecApiError } from '../spec-errors.js';
import type { BindingKind } from './binding-kind.js';
import type { Reader } from '../identity-reader.js';
import { sessionCookieOf, setSessionCookie, type SessionCookie } from './session-cookie.js';

/** Where a login operation's request carries the username and password, and where its answer puts the token. */
export interface LoginBinding {
  operation: string;
  /** `query.<name>`, `body.<field>` (a JSON pointer's first segment) or `header.<name>` */
  username: string;
  password: string;
  /** `body`: the whole answer is the token; a JSON pointer (`/token`): the token goes there; `cookie`: a session cookie carries it */
  token: string;
}

/** The spec's own login made real: it checks the username and password it carries and answers a token authmock issued. */
export const LOGIN: BindingKind<LoginBinding> = {
  at: 'bindings.login',
  read(at, raw) {
    const l = at.object(raw, 'bindings.login', ['operation', 'username', 'password', 'token']);
    return {
      operation: at.string(l.operation, 'bindings.login.operation'),
      username: at.place(l.username ?? 'body.username', 'bindings.login.username'),
      password: at.place(l.password ?? 'body.password', 'bindings.login.password'),
      token: l.token === undefined ? 'body' : readTokenPlace(at, l.token),
    };
  },
  build(binding, { api, model, sample }) {
    // `token: cookie`: the cookie the spec's apiKey scheme in a cookie names, for the spec's mount
    const cookie = binding.token === 'cookie' ? sessionCookieOf(model, binding.operation) : undefined;
    const claims = issuedForClaims(loginIssuesFor(model));
    return {
      handlers: { [binding.operation]: (call) => login(api, sample, binding, call, claims, cookie) },
      describe: () => (cookie ? [`login ${binding.operation} sets the session cookie ${cookie.name} (Path=${cookie.path})`] : []),
    };
  },
};

/**
 * The scheme a login's tokens are for: the first http bearer scheme the spec's secured
 * operations use; where they use none, the authorization server's kind (its oauth2 or
 * openIdConnect schemes take them, as they did before tokens named a scheme).
 */
export function loginIssuesFor(model: SpecModel): IssuedFor | undefined {
  let oauth = false;
  for (const op of model.operations) {
    for (const name of op.schemes) {
      const scheme = model.schemes.get(name);
      if (scheme?.type === 'http' && scheme.scheme === 'bearer') return { scheme: name };
      if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') oauth = true;
    }
  }
  return oauth ? 'authorization-server' : undefined;
}

async function login(
  api: string,
  sample: SampleOf,
  binding: LoginBinding,
  call: Call,
  claims: Record<string, string>,
  cookie?: SessionCookie,
): Promise<HandlerResult> {
  const { services, ns } = call;
  const username = readPlace(binding.username, call);
  const password = readPlace(binding.password, call);
  const user = username ? await specIdentities(services.store, ns.name, api).user(username) : undefined;
  // an unknown name still costs a comparison, so both failures take the same time
  const ok = services.secrets.matches(user?.passwordDigest, password ?? '');
  if (!user || !ok || password === undefined) {
    const declared = [400, 401, 403].find((s) => call.op.responses.has(String(s)));
    throw new SpecApiError(api, 'LOGIN_FAILED', {}, { op: call.op, ...(declared ? { status: declared } : {}) });
  }
  const token = await issueToken({
    tokens: services.store.tokens,
    ns: ns.name,
    api,
    codec: call.api.tokens,
    random: services.random,
    now: ns.now(),
    lifetime: ns.settings.tokenLifetimes.user,
    userType: 'user',
    userId: user.username,
    scopes: user.scopes,
    ...(Object.keys(claims).length ? { claims } : {}),
  });
  const answer = answerFromSpec(call.op, sample);
  // with a cookie, the body stays the spec's: a browser app reads its user from it, its session from the cookie
  if (cookie) return { ...answer, headers: { ...answer.headers, 'Set-Cookie': setSessionCookie(cookie, token) } };
  return { ...answer, body: placeToken(answer.body, binding.token, token) };
}

/** `body`, a JSON pointer (`/token`) or `cookie`. */
function readTokenPlace(at: Reader, value: unknown): string {
  const where = 'bindings.login.token';
  if (value === 'cookie' || value === 'body' || (typeof value === 'string' && value.startsWith('/'))) return value;
  return at.fail(where, `must be body, cookie or a JSON pointer (/token), found ${JSON.stringify(value)}`);
}

/** `query.username`, `body.password`, `header.x-user`. */
function readPlace(place: string, call: Call): string | undefined {
  const dot = place.indexOf('.');
  const where = place.slice(0, dot);
  const name = place.slice(dot + 1);
  let value: unknown;
  if (where === 'query') value = call.query[name] ?? call.req.query.get(name) ?? undefined;
  else if (where === 'header') value = call.req.headers[name.toLowerCase()];
  else value = (call.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** The token as the whole answer (`body`) or at a JSON pointer inside it (`/token`, `/data/accessToken`). */
function placeToken(body: unknown, where: string, token: string): unknown {
  if (where === 'body') return token;
  const segments = parsePointer(where);
  const root: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  let node = root;
  segments.forEach((key, i) => {
    if (i === segments.length - 1) node[key] = token;
    else {
      const next = node[key];
      node = (node[key] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
    }
  });
  return root;
}
