import { isLive, type NewRule, type SteeringRule, type SteeringRules } from './steering-rules.js';

/**
 * The steering rules of each namespace, in this process. Expired rules are dropped when
 * the namespace's rules are next read. One process, one thread: a use is taken atomically.
 */
export class MemorySteeringRules implements SteeringRules {
  private readonly byNs = new Map<string, SteeringRule[]>();
  private readonly none: readonly SteeringRule[] = Object.freeze([]);
  private lastId = 0;

  async add({ ns, rule }: { ns: string; rule: NewRule }): Promise<SteeringRule> {
    const made: SteeringRule = { ...rule, id: `r${++this.lastId}`, used: 0 };
    const list = this.byNs.get(ns) ?? [];
    list.push(made);
    this.byNs.set(ns, list);
    return made;
  }

  async list({ ns, now }: { ns: string; now: number }): Promise<SteeringRule[]> {
    return this.live(ns, now);
  }

  async remove({ ns, id }: { ns: string; id: string }): Promise<boolean> {
    const list = this.byNs.get(ns) ?? [];
    const kept = list.filter((r) => r.id !== id);
    this.store(ns, kept);
    return kept.length !== list.length;
  }

  async clear({ ns }: { ns: string }): Promise<void> {
    this.byNs.delete(ns);
  }

  active({ ns, now }: { ns: string; now: number }): readonly SteeringRule[] {
    // most namespaces have no rule: no copy, no filtering
    return this.byNs.has(ns) ? this.live(ns, now) : this.none;
  }

  async use({ ns, rule }: { ns: string; rule: SteeringRule }): Promise<boolean> {
    if (rule.remaining === 0 || !this.byNs.get(ns)?.includes(rule)) return false;
    rule.used++;
    if (rule.remaining !== undefined) rule.remaining--;
    if (rule.remaining === 0) await this.remove({ ns, id: rule.id });
    return true;
  }

  private live(ns: string, now: number): SteeringRule[] {
    const list = this.byNs.get(ns);
    if (!list) return [];
    const live = list.filter((r) => isLive(r, now));
    this.store(ns, live);
    return live;
  }

  private store(ns: string, list: SteeringRule[]): void {
    if (list.length) this.byNs.set(ns, list);
    else this.byNs.delete(ns);
  }
}
