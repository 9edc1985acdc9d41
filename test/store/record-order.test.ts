import { describe, expect, it } from 'vitest';
import { CollectionOrder, type Placed } from '../../src/store/record-order.js';

/** What a page is by definition: the visible objects in seq order, sliced. */
function naive(all: readonly Placed[], offset: number, limit: number, visibleTo: string | undefined): Placed[] {
  const seen = all.filter((p) => visibleTo === undefined || p.owner === null || p.owner === visibleTo).sort((a, b) => a.seq - b.seq);
  return seen.slice(offset, limit < 0 ? undefined : offset + limit);
}

/** A small deterministic generator (mulberry32), so a failure is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('a collection order held in process', () => {
  it('pages what each caller sees as a filter-then-slice would, through adds, removes and seeds over old ids', () => {
    const rnd = random(7);
    const owners = [null, null, 'alice', 'bob', 'carol'];
    let seq = 0;
    const rows = new Map<string, Placed>();
    const order = new CollectionOrder([]);
    for (let step = 0; step < 3000; step++) {
      const r = rnd();
      if (r < 0.6 || rows.size === 0) {
        const p = { seq: ++seq, id: String(Math.floor(rnd() * 400)), owner: owners[Math.floor(rnd() * owners.length)]! };
        rows.set(p.id, p); // a seed over an existing id: a new place, as the store's upsert takes the next seq
        order.add(p);
      } else {
        const ids = [...rows.keys()];
        const id = ids[Math.floor(rnd() * ids.length)]!;
        rows.delete(id);
        order.remove(id);
      }
      if (step % 10 !== 0) continue;
      const who = [undefined, 'alice', 'bob', 'nobody'][step % 4];
      const offset = Math.floor(rnd() * (rows.size + 3));
      const limit = rnd() < 0.2 ? -1 : Math.floor(rnd() * 25);
      expect(order.page(offset, limit, who).map((p) => p.id)).toEqual(naive([...rows.values()], offset, limit, who).map((p) => p.id));
      expect(order.total(who)).toBe(naive([...rows.values()], 0, -1, who).length);
    }
    expect(order.size).toBe(rows.size);
  });

  it('takes its rows in seq order at load and answers the middle of a hundred thousand', () => {
    const rows = Array.from({ length: 100_000 }, (_, i): Placed => ({
      seq: i + 1,
      id: String(i + 1),
      owner: i % 1000 === 0 ? null : 'alice',
    }));
    const order = new CollectionOrder(rows);
    const page = order.page(50_000, 20, 'alice');
    expect(page.map((p) => p.id)).toEqual(naive(rows, 50_000, 20, 'alice').map((p) => p.id));
    expect(order.total('alice')).toBe(100_000);
    expect(order.total('bob')).toBe(100);
    expect(order.page(0, 3, 'bob').map((p) => p.id)).toEqual(['1', '1001', '2001']);
  });
});
