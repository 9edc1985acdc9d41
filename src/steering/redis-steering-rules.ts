import type { RedisContext } from '../store/redis/redis-context.js';
import { defineScript } from '../store/redis/define-scripts.js';
import { META_RULE_ID } from '../store/redis/redis-keys.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import { isLive, type NewRule, type SteeringRule, type SteeringRules } from './steering-rules.js';
import { ADD_RULE, CLEAR_RULES, REMOVE_RULES, USE_RULE } from './steering-scripts.js';

/** Namespaces whose rules are copied here; past it the copies start again (one read each). */
const MAX_COPIES = 10_000;

type Run = ReturnType<typeof defineScript>;

interface Copy {
  version: string;
  rules: Promise<readonly SteeringRule[]>;
  /** the rules, once the read settled */
  read?: readonly SteeringRule[];
}

/**
 * Steering rules every instance on one Redis shares (steering-scripts.ts). A request reads
 * them from a copy kept per namespace while the namespace's version, which it read with the
 * namespace's record anyway, is the one the copy was read at: a rule set through another
 * instance bumps it, so it applies here from the next request, and a request costs no
 * round trip while nothing changed. Each use is taken in Redis, in one step.
 */
export class RedisSteeringRules implements SteeringRules {
  private readonly redis: RedisContext;
  private readonly copies = new Map<string, Copy>();
  private readonly run: { add: Run; remove: Run; clear: Run; use: Run };

  constructor({ redis }: { redis: RedisContext }) {
    this.redis = redis;
    const { send } = redis;
    this.run = {
      add: defineScript(send, 'addRule', ADD_RULE),
      remove: defineScript(send, 'removeRules', REMOVE_RULES),
      clear: defineScript(send, 'clearRules', CLEAR_RULES),
      use: defineScript(send, 'useRule', USE_RULE),
    };
  }

  async add({ ns, rule }: { ns: string; rule: NewRule }): Promise<SteeringRule> {
    const { remaining, ...fixed } = rule;
    const id = (await this.call(ns, this.run.add, [META_RULE_ID], [JSON.stringify(fixed), remaining ?? ''])) as string;
    this.copies.delete(ns);
    return { ...rule, id, used: 0 };
  }

  async list({ ns, now }: { ns: string; now: number }): Promise<SteeringRule[]> {
    const all = await this.read(ns);
    const expired = all.filter((r) => !isLive(r, now)).map((r) => r.id);
    // expired rules go for every instance, as they go from the memory store's list
    if (expired.length) await this.call(ns, this.run.remove, [], expired);
    return all.filter((r) => isLive(r, now));
  }

  async remove({ ns, id }: { ns: string; id: string }): Promise<boolean> {
    this.copies.delete(ns);
    return Number(await this.call(ns, this.run.remove, [], [id])) > 0;
  }

  async clear({ ns }: { ns: string }): Promise<void> {
    this.copies.delete(ns);
    await this.call(ns, this.run.clear, [], []);
  }

  active({ ns, now, version }: { ns: string; now: number; version?: string }): readonly SteeringRule[] | Promise<readonly SteeringRule[]> {
    let copy = this.copies.get(ns);
    if (!copy || version === undefined || copy.version !== version) {
      if (this.copies.size >= MAX_COPIES) this.copies.clear();
      // concurrent requests of one version share one read
      copy = { version: version ?? '', rules: this.read(ns) };
      this.copies.set(ns, copy);
      const mine = copy;
      mine.rules.then(
        (rules) => (mine.read = rules),
        () => this.copies.get(ns) === mine && this.copies.delete(ns),
      );
    }
    // read already: the rules at once, no promise on the request's path
    if (copy.read) return liveOf(copy.read, now);
    return copy.rules.then(
      (rules) => liveOf(rules, now),
      (err) => {
        // Redis away: the request meets the same error where it needs the state, and answers 503
        if (isStoreUnavailable(err)) return [];
        throw err;
      },
    );
  }

  async use({ ns, rule }: { ns: string; rule: SteeringRule }): Promise<boolean> {
    return Number(await this.call(ns, this.run.use, [], [rule.id])) === 1;
  }

  /** Every rule of the namespace with its uses, in the order they were made. */
  private async read(ns: string): Promise<SteeringRule[]> {
    const { client, guard, keys } = this.redis;
    const hash = await guard(() => client.hgetall(keys(ns).steering));
    const rules: SteeringRule[] = [];
    for (const [field, json] of Object.entries(hash)) {
      if (field.includes(':')) continue;
      const left = hash[`${field}:left`];
      const rule: SteeringRule = { ...(JSON.parse(json) as NewRule), id: field, used: Number(hash[`${field}:used`] ?? 0) };
      if (left !== undefined) rule.remaining = Number(left);
      rules.push(rule);
    }
    return rules.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  }

  /** A script on the namespace's record and rules (and `more` keys), through the store's guard. */
  private call(ns: string, run: Run, more: string[], args: (string | number)[]): Promise<unknown> {
    const k = this.redis.keys(ns);
    return this.redis.guard(() => run([k.record, k.steering, ...more], args));
  }
}

/** The rules still live at `now` (the list itself when all are). */
function liveOf(rules: readonly SteeringRule[], now: number): readonly SteeringRule[] {
  return rules.length === 0 || rules.every((r) => isLive(r, now)) ? rules : rules.filter((r) => isLive(r, now));
}
