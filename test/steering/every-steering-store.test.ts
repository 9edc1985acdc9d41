import { afterEach, describe, expect, it } from 'vitest';
import type { NewRule, SteeringRules } from '../../src/steering/steering-rules.js';
import { STEERING_IMPLEMENTATIONS } from './implementations.js';

const NOW = Date.UTC(2026, 0, 1);
const rule = (over: Partial<NewRule> = {}): NewRule => ({
  api: 'commerce',
  operationId: 'createCustomerAccessToken',
  bypassAuth: false,
  status: 401,
  body: { message: 'no' },
  createdAt: NOW,
  remaining: 1,
  ...over,
});

/** The shared suite: every SteeringRules implementation adds, lists, uses and forgets rules alike. */
describe.each(STEERING_IMPLEMENTATIONS)('the $name steering rules', (impl) => {
  const opened: SteeringRules[] = [];
  const open = async (again = false) => {
    const rules = await impl.open({ again });
    opened.push(rules);
    return rules;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((r) => impl.close(r)));
  });
  /** the rules one request of the namespace sees */
  const active = async (rules: SteeringRules, ns = 'a', now = NOW) => rules.active({ ns, now, version: await impl.version(rules, ns) });

  it('adds rules with ids of their own and lists them in the order they were made, as they were made', async () => {
    const rules = await open();
    const first = await rules.add({ ns: 'a', rule: rule({ remaining: 2, delay: { min: 5, max: 9 } }) });
    const second = await rules.add({
      ns: 'a',
      rule: rule({ remaining: undefined, probability: 0.5, userId: '7', token: 't', fault: 'reset' }),
    });
    expect(first.id).toMatch(/^r\d+$/);
    expect(second.id).not.toBe(first.id);
    expect(await rules.list({ ns: 'a', now: NOW })).toEqual([first, second]);
    expect(first).toMatchObject({ used: 0, remaining: 2, delay: { min: 5, max: 9 }, body: { message: 'no' } });
    expect(await rules.list({ ns: 'b', now: NOW })).toEqual([]);
    expect(await active(rules)).toEqual([first, second]);
    expect(await active(rules, 'b')).toEqual([]);
  });

  it('takes each use once, and ends a rule after its last', async () => {
    const rules = await open();
    const made = await rules.add({ ns: 'a', rule: rule({ remaining: 3 }) });
    const [seen] = await active(rules);
    const uses = [];
    for (let i = 0; i < 5; i++) uses.push(await rules.use({ ns: 'a', rule: seen }));
    expect(uses).toEqual([true, true, true, false, false]);
    expect(await rules.list({ ns: 'a', now: NOW })).toEqual([]);
    expect(await active(rules)).toEqual([]);
    expect(made.id).toBe(seen.id);
  });

  it('counts the uses of a rule without a budget, and keeps it', async () => {
    const rules = await open();
    await rules.add({ ns: 'a', rule: rule({ remaining: undefined, probability: 1 }) });
    const [seen] = await active(rules);
    for (let i = 0; i < 3; i++) expect(await rules.use({ ns: 'a', rule: seen })).toBe(true);
    expect(await rules.list({ ns: 'a', now: NOW })).toMatchObject([{ used: 3 }]);
  });

  it('drops a rule past its expiry', async () => {
    const rules = await open();
    await rules.add({ ns: 'a', rule: rule({ expiresAt: NOW + 1000 }) });
    expect(await active(rules, 'a', NOW + 999)).toHaveLength(1);
    expect(await active(rules, 'a', NOW + 1000)).toEqual([]);
    expect(await rules.list({ ns: 'a', now: NOW + 1000 })).toEqual([]);
    expect(await rules.list({ ns: 'a', now: NOW })).toEqual([]);
  });

  it("removes one rule, or every rule of a namespace, and no other namespace's", async () => {
    const rules = await open();
    const one = await rules.add({ ns: 'a', rule: rule() });
    const two = await rules.add({ ns: 'a', rule: rule() });
    await rules.add({ ns: 'b', rule: rule() });
    expect(await rules.remove({ ns: 'a', id: one.id })).toBe(true);
    expect(await rules.remove({ ns: 'a', id: one.id })).toBe(false);
    expect(await rules.use({ ns: 'a', rule: one })).toBe(false);
    expect((await rules.list({ ns: 'a', now: NOW })).map((r) => r.id)).toEqual([two.id]);
    await rules.clear({ ns: 'a' });
    expect(await rules.list({ ns: 'a', now: NOW })).toEqual([]);
    expect(await active(rules)).toEqual([]);
    expect(await rules.list({ ns: 'b', now: NOW })).toHaveLength(1);
  });

  it.skipIf(!impl.shared)("applies a rule another instance added or removed from this instance's next request", async () => {
    const here = await open();
    const there = await open(true);
    expect(await active(here)).toEqual([]);
    const made = await there.add({ ns: 'a', rule: rule() });
    expect((await active(here)).map((r) => r.id)).toEqual([made.id]);
    await there.remove({ ns: 'a', id: made.id });
    expect(await active(here)).toEqual([]);
  });

  it.skipIf(!impl.shared)('never grants more uses than the budget, whichever instance asks', async () => {
    const a = await open();
    const b = await open(true);
    await a.add({ ns: 'a', rule: rule({ remaining: 50 }) });
    const [onA] = await active(a);
    const [onB] = await active(b);
    const uses = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).use({ ns: 'a', rule: i % 2 ? onA : onB })));
    expect(uses.filter(Boolean)).toHaveLength(50);
    expect(await a.list({ ns: 'a', now: NOW })).toEqual([]);
  });
});
