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

/**
 * The steering rules of each namespace, in this process. A rule ends after its uses or at
 * its expiry; expired rules are dropped when the namespace's rules are next read.
 */
export class SteeringRules {
  private readonly byNs = new Map<string, SteeringRule[]>();
  private lastId = 0;

  /** true while no namespace has a rule: the pipeline then skips steering entirely */
  get empty(): boolean {
    return this.byNs.size === 0;
  }

  add(ns: string, rule: Omit<SteeringRule, 'id' | 'used'>): SteeringRule {
    const made: SteeringRule = { ...rule, id: `r${++this.lastId}`, used: 0 };
    const list = this.byNs.get(ns) ?? [];
    list.push(made);
    this.byNs.set(ns, list);
    return made;
  }

  list(ns: string, now: number): SteeringRule[] {
    const list = this.byNs.get(ns);
    if (!list) return [];
    const live = list.filter((r) => (r.expiresAt === undefined || r.expiresAt > now) && r.remaining !== 0);
    this.store(ns, live);
    return live;
  }

  remove(ns: string, id: string): boolean {
    const list = this.byNs.get(ns) ?? [];
    const kept = list.filter((r) => r.id !== id);
    this.store(ns, kept);
    return kept.length !== list.length;
  }

  clear(ns: string): void {
    this.byNs.delete(ns);
  }

  /** Counts one use; the rule ends when it has none left. */
  use(ns: string, rule: SteeringRule): void {
    rule.used++;
    if (rule.remaining !== undefined) rule.remaining--;
    if (rule.remaining === 0) this.remove(ns, rule.id);
  }

  private store(ns: string, list: SteeringRule[]): void {
    if (list.length) this.byNs.set(ns, list);
    else this.byNs.delete(ns);
  }
}
