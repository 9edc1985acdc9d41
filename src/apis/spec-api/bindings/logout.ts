import type { HandlerResult } from '../../../core/types.js';
import type { Call } from '../../../pipeline/stages.js';
import { readBearer } from '../../../auth/credentials.js';
import { answerFromSpec } from '../../../pipeline/answer-from-spec.js';
import type { SampleOf } from '../../../spec/samples.js';
import type { BindingKind } from './binding-kind.js';
import { clearSessionCookie, findSessionCookie, readSessionCookie, type SessionCookie } from './session-cookie.js';

export interface LogoutBinding {
  operation: string;
}

/**
 * The spec's own logout made real: it revokes the bearer token it is sent with, or the
 * token in the session cookie (the spec's apiKey scheme in a cookie), and then clears that
 * cookie.
 */
export const LOGOUT: BindingKind<LogoutBinding> = {
  at: 'bindings.logout',
  read(at, raw) {
    const l = at.object(raw, 'bindings.logout', ['operation']);
    return { operation: at.string(l.operation, 'bindings.logout.operation') };
  },
  build(binding, { api, model, sample }) {
    const cookie = findSessionCookie(model);
    return { handlers: { [binding.operation]: (call) => logout(api, sample, call, cookie) } };
  },
};

async function logout(api: string, sample: SampleOf, call: Call, cookie: SessionCookie | undefined): Promise<HandlerResult> {
  const session = cookie && readSessionCookie(cookie, call);
  for (const token of [readBearer(call.req.headers.authorization), session]) {
    const id = token ? call.api.tokens.decode(token)[0]?.id : undefined;
    if (id !== undefined) await call.services.store.tokens.revoke({ ns: call.ns.name, api, id });
  }
  const answer = answerFromSpec(call.op, sample);
  return cookie && session !== undefined ? { ...answer, headers: { ...answer.headers, 'Set-Cookie': clearSessionCookie(cookie) } } : answer;
}
