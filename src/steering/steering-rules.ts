import type { Fault } from '../pipeline/trace.js';

export type { Fault } from '../pipeline/trace.js';

export interface SteeringRule {
  id: string;
  api: string;
  operationId: string;
  /** only requests of this login name, user id or token */
  username?: string;
  userId?: string;
  token?: string;
  /** uses left; undefined: until the rule expires or is deleted */
  remaining?: number;
  probability?: number;
  /** epoch ms in the namespace's time; undefined: never */
  expiresAt?: number;
  status?: number;
  /** the answer's body (a given body, or the example chosen when the rule was made) */
  body?: unknown;
  example?: string;
  bypassAuth: boolean;
  delay?: { min: number; max: number };
  fault?: Fault;
  createdAt: number;
  used: number;
}

/** A rule as it is made (build-rule.ts): the store gives it its id and counts its uses. */
export type NewRule = Omit<SteeringRule, 'id' | 'used'>;

/**
 * The steering rules of each namespace. Two implementations: this process's memory
 * (memory-steering-rules.ts) and, when the state is Redis, rules every instance shares
 * (redis-steering-rules.ts): set, listed and deleted through any instance, applying on all
 * from their next request, each use counted once across all of them. A rule ends after
 * its uses or at its expiry.
 */
export interface SteeringRules {
  add(args: { ns: string; rule: NewRule }): Promise<SteeringRule>;
  /** the live rules, in the order they were made, with their uses as counted now */
  list(args: { ns: string; now: number }): Promise<SteeringRule[]>;
  remove(args: { ns: string; id: string }): Promise<boolean>;
  clear(args: { ns: string }): Promise<void>;
  /**
   * The rules a request may match, on its hot path: a shared store keeps a copy per
   * namespace while the namespace's `version` (read with its record on every request, and
   * bumped by every change of a rule) stays the same, so a request then costs nothing.
   * The rules themselves when they are at hand (no promise to wait for on every request).
   */
  active(args: { ns: string; now: number; version?: string }): readonly SteeringRule[] | Promise<readonly SteeringRule[]>;
  /** takes one use of the rule, atomically: false when it has none left or is gone (another request or instance took the last) */
  use(args: { ns: string; rule: SteeringRule }): Promise<boolean>;
}

/** Whether a rule still applies at `now`: not expired, uses left. */
export const isLive = (rule: SteeringRule, now: number) => (rule.expiresAt === undefined || rule.expiresAt > now) && rule.remaining !== 0;
