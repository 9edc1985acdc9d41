import type { HandlerResult, Operation } from '../core/types.js';
import { authenticate, schemesOf } from '../auth/authenticate.js';
import { evaluateSecurity } from '../auth/evaluate-security.js';
import { readCredential, type CredentialSource } from '../auth/credentials.js';
import { addressedUrl } from '../auth/oauth2/issuer.js';
import type { SignedRequest } from '../auth/directory.js';
import type { Verdict } from '../auth/verdict.js';
import type { Kit, Refusal, ValidationFailure } from './dialect.js';
import type { RouteMatch } from './router.js';
import type { ServedApi } from './served-api.js';
import type { Authenticated, Authorized, Call, Decoded, Incoming, NamespaceView, Routed, Services, Validated } from './stages.js';
import type { AuthInfo, Trace } from './trace.js';
import type { Steer, SteerPlan } from './steer.js';
import { validateRequest } from './validate-request.js';
import { answerFromSpec } from './answer-from-spec.js';

/** An answer steering gives before any check: it ends the request where it stands. */
export class SteeredAnswer {
  constructor(readonly result: HandlerResult) {}
}

export interface KitParts {
  api: ServedApi;
  req: Incoming;
  ns: NamespaceView;
  services: Services;
  trace: Trace;
  steer?: Steer;
  /** how a spec's answer body is handed out (the runtime's memo: frozen once, its JSON kept) */
  keep: <T>(body: T) => T;
}

/** The generic steps of one request (src/pipeline/dialect.ts says what each does). */
export function createKit(parts: KitParts): Kit {
  return new RequestKit(parts);
}

/** A class, not an object of closures: a request makes one, and its methods are shared. */
class RequestKit implements Kit {
  readonly req: Incoming;
  readonly ns: NamespaceView;
  private readonly api: ServedApi;
  private readonly services: Services;
  private readonly trace: Trace;
  private readonly steer?: Steer;
  private readonly keep: <T>(body: T) => T;
  private plan?: SteerPlan;

  constructor({ api, req, ns, services, trace, steer, keep }: KitParts) {
    this.api = api;
    this.req = req;
    this.ns = ns;
    this.services = services;
    this.trace = trace;
    this.steer = steer;
    this.keep = keep;
  }

  respondAs(format: 'json' | 'xml'): void {
    this.trace.format = format;
  }

  async route(path: string, scope?: string): Promise<RouteMatch> {
    const { api, req, ns, trace } = this;
    const match = api.router.match(req.method, path);
    if (match.kind !== 'found') return match;
    trace.op = match.op;
    if (!this.steer) return match;
    const plan = (this.plan = await this.steer({
      api: api.name,
      routed: { op: match.op, pathParams: match.params, scope },
      req,
      ns,
      credentials: () => credentialsOf(api, match.op, req),
    }));
    // a delay or a fault applies from here, however the request ends
    if (plan?.steered) trace.steered = plan.steered;
    if (plan?.bypass) throw new SteeredAnswer(plan.bypass);
    return match;
  }

  async authenticate(routed: Routed, decoded?: Decoded): Promise<Authenticated> {
    const { api, req, ns, services, trace } = this;
    const source: CredentialSource = { headers: req.headers, query: req.query, body: decoded?.body };
    const authn = await authenticate(routed.op.security, api.model.schemes, source, () => api.directory(ns, services), signedRequest(req));
    trace.auth = toAuthInfo(authn.reported, authn.verdicts);
    trace.principal = authn.principal;
    return { ...routed, authn };
  }

  authorize(authenticated: Authenticated): Authorized | Refusal {
    const { trace } = this;
    const decision = evaluateSecurity(authenticated.op.security, authenticated.authn.verdicts);
    const { required } = authenticated.op;
    if (!decision.allowed) {
      const missing = decision.reason === 'insufficient_scope' ? { missing: decision.missing.join(' ') } : {};
      trace.permission = { outcome: 'refused', required, ...missing };
      return decision;
    }
    trace.principal = decision.principal;
    const notOwner = checkOwner(authenticated, decision.principal);
    if (notOwner) {
      trace.permission = { outcome: 'refused', required, missing: `owner of ${notOwner.param}` };
      return notOwner;
    }
    trace.permission = { outcome: 'allowed', required };
    return { ...authenticated, principal: decision.principal };
  }

  deny(authorized: Authorized): void {
    this.trace.permission = { outcome: 'refused', required: authorized.op.required };
  }

  validate(authorized: Authorized, decoded: Decoded): Validated | ValidationFailure {
    const result = validateRequest(authorized.op, authorized.pathParams, this.req.query, decoded);
    if ('errors' in result) {
      const first = result.errors[0];
      this.trace.invalid = { place: result.place, field: fieldOf(first?.instancePath, first?.params) };
      return result;
    }
    return { ...authorized, ...result };
  }

  async answer(validated: Validated): Promise<HandlerResult> {
    const { plan, api } = this;
    const steered = await plan?.instead(validated.principal);
    if (steered) {
      this.trace.steered = plan!.steered;
      return steered;
    }
    const handler = api.handlers[validated.op.operationId];
    if (handler) return handler(toCall(validated, this.req, this.ns, this.services, api, this.trace));
    return answerFromSpec(validated.op, api.sample, this.keep);
  }
}

function toCall(v: Validated, req: Incoming, ns: NamespaceView, services: Services, api: ServedApi, trace: Trace): Call {
  const note: Call['note'] = (found) => {
    if (found.principal) trace.principal = found.principal;
    if (found.auth) trace.auth = found.auth;
  };
  return { ...v, req, ns, services, api: { name: api.name, tokens: api.tokens }, note };
}

/** The URL as the client addressed it (Host as sent, target as received): what an OAuth 1.0a signature covers. */
function signedRequest(req: Incoming): SignedRequest {
  return {
    method: req.method,
    get url() {
      return addressedUrl(req);
    },
    contentType: req.headers['content-type'],
    body: req.rawBody,
  };
}

/** An owner-only operation: the named parameter must equal the caller's claim. */
function checkOwner(routed: Routed, principal: Authorized['principal']): Extract<Refusal, { reason: 'not_owner' }> | undefined {
  const rule = routed.op.owner;
  if (!rule) return undefined;
  const value = routed.pathParams[rule.param];
  const claim = principal.kind === 'user' ? principal.claims?.[rule.claim] : undefined;
  if (value !== undefined && claim !== undefined && String(claim) === value) return undefined;
  return { allowed: false, reason: 'not_owner', param: rule.param };
}

function toAuthInfo(reported: Verdict, verdicts: ReadonlyMap<string, Verdict>): AuthInfo {
  const scheme = [...verdicts.entries()].find(([, v]) => v === reported)?.[0];
  const base = scheme ? { scheme } : {};
  switch (reported.outcome) {
    case 'absent':
      return { outcome: 'none' };
    case 'ok':
      return { ...base, outcome: 'ok', ...pick(reported) };
    case 'refused':
      return { ...base, outcome: 'refused', detail: 'signed request refused (the answer says why)' };
    default:
      return { ...base, outcome: reported.outcome, ...pick(reported), ...(reported.detail ? { detail: reported.detail } : {}) };
  }
}

function pick(v: { tokenPrefix?: string; tokenId?: number }): Pick<AuthInfo, 'tokenPrefix' | 'tokenId'> {
  return { ...(v.tokenPrefix ? { tokenPrefix: v.tokenPrefix } : {}), ...(v.tokenId !== undefined ? { tokenId: v.tokenId } : {}) };
}

/** The credential values a request carries for an operation's schemes (steering may match a token). */
function credentialsOf(api: ServedApi, op: Operation, req: Incoming): string[] {
  const out: string[] = [];
  for (const name of schemesOf(op.security)) {
    const scheme = api.model.schemes.get(name);
    const c = scheme && readCredential(scheme, { headers: req.headers, query: req.query });
    if (c?.kind === 'token' || c?.kind === 'key') out.push(c.value);
  }
  return out;
}

/** The field a validation error is about, dotted (`address.city`): its path, and the missing or unexpected property. */
function fieldOf(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const named = (params?.missingProperty ?? params?.additionalProperty) as string | undefined;
  return [...(instancePath?.split('/').filter(Boolean) ?? []), ...(named ? [named] : [])].join('.');
}
