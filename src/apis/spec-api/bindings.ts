import type { HandlerResult } from '../../core/types.js';
import type { Call, Handler } from '../../pipeline/stages.js';
import { parsePointer } from '../../spec/json-pointer.js';
import { readBearer } from '../../auth/credentials.js';
import { issueToken } from '../../auth/tokens.js';
import { answerFromSpec } from '../../pipeline/answer-from-spec.js';
import type { SampleOf } from '../../spec/samples.js';
import type { LoginBinding } from './identity-file.js';
import { specIdentities } from './spec-identities.js';
import { SpecApiError } from './spec-errors.js';

export interface BindingParts {
  api: string;
  sample: SampleOf;
  login?: LoginBinding;
  logout?: { operation: string };
}

/**
 * The spec's own login and logout made real (the identity file's `bindings`), as handlers
 * of those operations: the login checks the username and password it carries and answers
 * a token authmock issued, placed where the binding says; the logout revokes the bearer
 * token it is sent with. Every other operation answers from the spec.
 */
export function createBindings(parts: BindingParts): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  if (parts.login) {
    const binding = parts.login;
    handlers[binding.operation] = (call) => login(parts, binding, call);
  }
  if (parts.logout) handlers[parts.logout.operation] = (call) => logout(parts, call);
  return handlers;
}

async function login(parts: BindingParts, binding: LoginBinding, call: Call): Promise<HandlerResult> {
  const { services, ns } = call;
  const username = readPlace(binding.username, call);
  const password = readPlace(binding.password, call);
  const user = username ? await specIdentities(services.store, ns.name, parts.api).user(username) : undefined;
  // an unknown name still costs a comparison, so both failures take the same time
  const ok = services.secrets.matches(user?.passwordDigest, password ?? '');
  if (!user || !ok || password === undefined) {
    const declared = [400, 401, 403].find((s) => call.op.responses.has(String(s)));
    throw new SpecApiError(parts.api, 'LOGIN_FAILED', {}, { op: call.op, ...(declared ? { status: declared } : {}) });
  }
  const token = await issueToken({
    tokens: services.store.tokens,
    ns: ns.name,
    api: parts.api,
    codec: call.api.tokens,
    random: services.random,
    now: ns.now(),
    lifetime: ns.settings.tokenLifetimes.user,
    userType: 'user',
    userId: user.username,
    scopes: user.scopes,
  });
  const answer = answerFromSpec(call.op, parts.sample);
  return { ...answer, body: placeToken(answer.body, binding.token, token) };
}

async function logout(parts: BindingParts, call: Call): Promise<HandlerResult> {
  const token = readBearer(call.req.headers.authorization);
  const id = token ? call.api.tokens.decode(token)[0]?.id : undefined;
  if (id !== undefined) await call.services.store.tokens.revoke({ ns: call.ns.name, api: parts.api, id });
  return answerFromSpec(call.op, parts.sample);
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
