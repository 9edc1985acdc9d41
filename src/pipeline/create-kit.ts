import type { HandlerResult, Operation } from '../core/types.js';
import { authenticate, evaluateSecurity } from '../auth/authenticate.js';
import { readCredential, type CredentialSource } from '../auth/credentials.js';
import { addressedUrl } from '../auth/oauth2/issuer.js';
import type { Directory, SignedRequest } from '../auth/directory.js';
import type { Verdict } from '../auth/verdict.js';
import type { Kit, Refusal, ValidationFailure } from './dialect.js';
import type { RouteMatch } from './router.js';
import type { ServedApi } from './served-api.js';
import type { Authenticated, Authorized, Call, Decoded, Incoming, NamespaceView, Routed, Services, Validated } from './stages.js';
import type { AuthInfo, Trace } from './trace.js';
import type { Steer, SteerPlan } from './steer.js';
import { validateRequest } from './validate.js';
import { answerFromSpec, wantsFreshBody } from './answer-from-spec.js';

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
  /** what the verifiers look up (the API's directory in this namespace), asked for only when a credential came */
  directory: () => Directory;
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
  private readonly directory: () => Directory;
  private plan?: SteerPlan;

  constructor({ api, req, ns, services, trace, steer, keep, directory }: KitParts) {
    this.api = api;
    this.req = req;
    this.ns = ns;
    this.services = services;
    this.trace = trace;
    this.steer = steer;
    this.keep = keep;
    this.directory = directory;
  }

  respondAs(format: 'json' | 'xml'): void {
    this.trace.format = format;
  }

  route(path: string, scope?: string): RouteMatch | Promise<RouteMatch> {
    const { api, req, trace, steer } = this;
    const match = api.router.match(req.method, path);
    if (match.kind !== 'found') return match;
    trace.op = match.op;
    return steer ? this.steered(steer, match, scope) : match;
  }

  /** Steering's plan for a routed request: a delay or a fault from here on, or its answer at once. */
  private async steered(steer: Steer, match: Extract<RouteMatch, { kind: 'found' }>, scope: string | undefined): Promise<RouteMatch> {
    const { api, req, ns, trace } = this;
    const plan = (this.plan = await steer({
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
    const { api, req, trace } = this;
    const source: CredentialSource = { headers: req.headers, query: req.query, body: decoded?.body };
    const authn = await authenticate(routed.op.schemes, api.model.schemes, source, this.directory, new AddressedRequest(req));
    trace.auth = toAuthInfo(authn.reported, authn.verdicts);
    trace.principal = authn.principal;
    // field by field: a spread of the stage before costs a copy the size of a dictionary on every request
    return { op: routed.op, pathParams: routed.pathParams, scope: routed.scope, authn };
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
    const { op, pathParams, scope, authn } = authenticated;
    return { op, pathParams, scope, authn, principal: decision.principal };
  }

  deny(authorized: Authorized): void {
    this.trace.permission = { outcome: 'refused', required: authorized.op.required };
  }

  validate(authorized: Authorized, decoded: Decoded): Validated | ValidationFailure {
    const { req } = this;
    const result = validateRequest(authorized.op, authorized.pathParams, req.query, decoded, req.headers, req);
    if ('errors' in result) {
      const first = result.errors[0];
      this.trace.invalid = { place: result.place, field: fieldOf(first?.instancePath, first?.params) };
      return result;
    }
    const { op, scope, authn, principal } = authorized;
    return {
      op,
      scope,
      authn,
      principal,
      pathParams: result.pathParams,
      query: result.query,
      body: result.body,
      mediaType: result.mediaType,
    };
  }

  answer(validated: Validated): HandlerResult | Promise<HandlerResult> {
    // steered only when a plan was made: an unsteered request waits for nothing more here
    return this.plan ? this.answerSteered(this.plan, validated) : this.answerUnsteered(validated);
  }

  private async answerSteered(plan: SteerPlan, validated: Validated): Promise<HandlerResult> {
    const steered = await plan.instead(validated.principal);
    if (!steered) return this.answerUnsteered(validated);
    this.trace.steered = plan.steered;
    return steered;
  }

  private answerUnsteered(validated: Validated): HandlerResult | Promise<HandlerResult> {
    const { api } = this;
    const handler = api.handlers[validated.op.operationId];
    if (handler) return handler(toCall(validated, this.req, this.ns, this.services, api, this.trace));
    const fresh = wantsFreshBody(this.req.headers.prefer);
    return answerFromSpec(validated.op, api.sample, this.keep, { pathParams: validated.pathParams, fresh });
  }
}

function toCall(v: Validated, req: Incoming, ns: NamespaceView, services: Services, api: ServedApi, trace: Trace): Call {
  const note: Call['note'] = (found) => {
    if (found.principal) trace.principal = found.principal;
    if (found.auth) trace.auth = found.auth;
    if (found.change) trace.change = found.change;
  };
  const { op, scope, authn, principal, pathParams, query, body, mediaType } = v;
  return { op, scope, authn, principal, pathParams, query, body, mediaType, req, ns, services, api, note };
}

/**
 * The request as a signature covers it; its URL as the client addressed it (Host as sent,
 * target as received) is composed only if a verifier reads it. A class: an object literal
 * with a getter is built the slow way on every request.
 */
class AddressedRequest implements SignedRequest {
  readonly method: string;
  readonly contentType?: string;
  readonly body?: Buffer;

  constructor(private readonly req: Incoming) {
    this.method = req.method;
    this.contentType = req.headers['content-type'];
    this.body = req.rawBody;
  }

  get url(): string {
    return addressedUrl(this.req);
  }
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

const NO_AUTH: AuthInfo = Object.freeze({ outcome: 'none' });

/** What the journal shows of the reported verdict (on every request: built field by field, no spreads). */
function toAuthInfo(reported: Verdict, verdicts: ReadonlyMap<string, Verdict>): AuthInfo {
  if (reported.outcome === 'absent') return NO_AUTH;
  let scheme: string | undefined;
  for (const [name, v] of verdicts) {
    if (v !== reported) continue;
    scheme = name;
    break;
  }
  // the scheme first, as the journal has always shown it
  const info: AuthInfo = scheme === undefined ? { outcome: reported.outcome } : { scheme, outcome: reported.outcome };
  if (reported.outcome === 'refused') {
    info.detail = 'signed request refused (the answer says why)';
    return info;
  }
  if (reported.tokenPrefix) info.tokenPrefix = reported.tokenPrefix;
  if (reported.tokenId !== undefined) info.tokenId = reported.tokenId;
  if (reported.outcome !== 'ok' && reported.detail) info.detail = reported.detail;
  return info;
}

/** The credential values a request carries for an operation's schemes (steering may match a token). */
function credentialsOf(api: ServedApi, op: Operation, req: Incoming): string[] {
  const out: string[] = [];
  for (const name of op.schemes) {
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
