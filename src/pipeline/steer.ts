import type { HandlerResult, Principal } from '../core/types.js';
import type { Incoming, NamespaceView, Routed } from './stages.js';
import type { SteeredInfo } from './trace.js';

/** What steering needs to know of a routed request to match its rules. */
export interface SteerQuery {
  api: string;
  routed: Routed;
  req: Incoming;
  ns: NamespaceView;
  /** the credential values the request carries for the operation's schemes (a rule may name a token) */
  credentials(): string[];
}

/**
 * Steering's say on one request, asked once, right after routing (src/steering implements
 * it): an answer before any check, for a rule that bypasses them; an answer instead of the
 * handler's once every real check passed; a delay or a fault the HTTP layer applies.
 */
export interface SteerPlan {
  /** answer at once, before authentication (a rule with `bypassAuth`) */
  readonly bypass?: HandlerResult;
  /** the answer instead of the handler's, for this caller; undefined: the handler answers */
  instead(principal: Principal): Promise<HandlerResult | undefined>;
  /** what the journal shows and the HTTP layer applies, once the plan applied */
  readonly steered: SteeredInfo | undefined;
}

/** Asynchronous: a rule applies only once its use is taken (in Redis, when the rules are shared). */
export type Steer = (query: SteerQuery) => Promise<SteerPlan | undefined>;
