import type { HandlerResult } from '../../../core/types.js';
import type { Call } from '../../../pipeline/stages.js';
import { readBearer } from '../../../auth/credentials.js';
import { answerFromSpec } from '../../../pipeline/answer-from-spec.js';
import type { SampleOf } from '../../../spec/samples.js';
import type { BindingKind } from './binding-kind.js';

export interface LogoutBinding {
  operation: string;
}

/** The spec's own logout made real: it revokes the bearer token it is sent with. */
export const LOGOUT: BindingKind<LogoutBinding> = {
  at: 'bindings.logout',
  read(at, raw) {
    const l = at.object(raw, 'bindings.logout', ['operation']);
    return { operation: at.string(l.operation, 'bindings.logout.operation') };
  },
  build(binding, { api, sample }) {
    return { handlers: { [binding.operation]: (call) => logout(api, sample, call) } };
  },
};

async function logout(api: string, sample: SampleOf, call: Call): Promise<HandlerResult> {
  const token = readBearer(call.req.headers.authorization);
  const id = token ? call.api.tokens.decode(token)[0]?.id : undefined;
  if (id !== undefined) await call.services.store.tokens.revoke({ ns: call.ns.name, api, id });
  return answerFromSpec(call.op, sample);
}
