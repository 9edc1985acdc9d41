import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionRef, SeedObject, Store, StoredObject } from '../../src/store/store.js';
import { STORE_IMPLEMENTATIONS } from './implementations.js';

const NOW = Date.UTC(2026, 0, 1);
const todos = (ns = 'default', parent = ''): CollectionRef => ({ ns, api: 'todo', collection: 'todos', parent });
const todo = (id: string, owner: string | undefined, object: Record<string, unknown> = {}): StoredObject => ({
  id,
  ...(owner !== undefined ? { owner } : {}),
  object: { id, title: `todo ${id}`, ...object },
});
const seedTodo = (id: string, parent = ''): SeedObject => ({ api: 'todo', collection: 'todos', parent, ...todo(id, undefined) });

describe.each(STORE_IMPLEMENTATIONS)('the record store on $name', (impl) => {
  let store: Store;
  const ns = (name: string, objects: SeedObject[] = []) =>
    store.namespaces.create({ ns: name, seed: [], objects, seedHash: 'h', now: NOW });

  beforeEach(async () => {
    store = await impl.open();
    await ns('default');
  });
  afterEach(async () => {
    await impl.close(store);
  });

  it('creates, reads, replaces and deletes an object, keeping its owner', async () => {
    expect(await store.records.create({ ...todos(), item: todo('1', 'alice') })).toBe('ok');
    expect(await store.records.get({ ...todos(), id: '1' })).toEqual(todo('1', 'alice'));
    expect(await store.records.replace({ ...todos(), id: '1', object: { id: '1', title: 'new' } })).toBe(true);
    expect(await store.records.get({ ...todos(), id: '1' })).toEqual({ id: '1', owner: 'alice', object: { id: '1', title: 'new' } });
    expect(await store.records.delete({ ...todos(), id: '1' })).toBe(true);
    expect(await store.records.get({ ...todos(), id: '1' })).toBeUndefined();
    expect(await store.records.delete({ ...todos(), id: '1' })).toBe(false);
    expect(await store.records.replace({ ...todos(), id: '1', object: {} })).toBe(false);
  });

  it('refuses an id that is taken, and writes nothing', async () => {
    await store.records.create({ ...todos(), item: todo('1', 'alice') });
    expect(await store.records.create({ ...todos(), item: todo('1', 'bob', { title: 'other' }) })).toBe('exists');
    expect(await store.records.get({ ...todos(), id: '1' })).toEqual(todo('1', 'alice'));
  });

  it('hands out copies: changing what it returned changes nothing stored', async () => {
    await store.records.create({ ...todos(), item: todo('1', 'alice') });
    const got = (await store.records.get({ ...todos(), id: '1' }))!;
    got.object.title = 'changed';
    expect((await store.records.get({ ...todos(), id: '1' }))!.object.title).toBe('todo 1');
  });

  it('lists in creation order, a replaced object keeping its place, with pages and a total', async () => {
    for (const id of ['3', '1', '2']) await store.records.create({ ...todos(), item: todo(id, 'alice') });
    await store.records.replace({ ...todos(), id: '3', object: { id: '3', title: 'first still' } });
    const all = await store.records.list({ ...todos() });
    expect(all.items.map((o) => o.id)).toEqual(['3', '1', '2']);
    expect(all.total).toBe(3);
    const page = await store.records.list({ ...todos(), offset: 1, limit: 1 });
    expect(page).toEqual({ items: [todo('1', 'alice')], total: 3 });
  });

  it('lists only what a caller may see, and filters by top-level properties as text', async () => {
    await store.records.create({ ...todos(), item: todo('1', 'alice', { done: true }) });
    await store.records.create({ ...todos(), item: todo('2', 'bob', { done: true }) });
    await store.records.create({ ...todos(), item: todo('3', undefined, { done: false }) });
    const alices = await store.records.list({ ...todos(), visibleTo: 'alice' });
    expect(alices.items.map((o) => o.id)).toEqual(['1', '3']);
    expect(alices.total).toBe(2);
    const done = await store.records.list({ ...todos(), where: { done: 'true' } });
    expect(done.items.map((o) => o.id)).toEqual(['1', '2']);
    const alicesDone = await store.records.list({ ...todos(), visibleTo: 'alice', where: { done: 'true' }, limit: 5 });
    expect(alicesDone).toEqual({ items: [todo('1', 'alice', { done: true })], total: 1 });
  });

  it("pages what a caller may see in creation order, its own and the unowned interleaved, others' left out", async () => {
    const owners = ['alice', undefined, 'bob', 'alice', 'alice', undefined, 'bob', 'alice', undefined, 'alice'];
    for (const [i, owner] of owners.entries()) await store.records.create({ ...todos(), item: todo(String(i + 1), owner) });
    const visible = ['1', '2', '4', '5', '6', '8', '9', '10'];
    for (const [offset, limit] of [
      [0, 3],
      [2, 3],
      [3, 2],
      [5, 10],
      [7, 1],
      [8, 5],
    ] as const) {
      const page = await store.records.list({ ...todos(), visibleTo: 'alice', offset, limit });
      expect(
        page.items.map((o) => o.id),
        `offset ${offset} limit ${limit}`,
      ).toEqual(visible.slice(offset, offset + limit));
      expect(page.total).toBe(visible.length);
    }
    expect((await store.records.list({ ...todos(), offset: 8, limit: 5 })).items.map((o) => o.id)).toEqual(['9', '10']);
  });

  it('keeps a nested collection per parent', async () => {
    await store.records.create({ ...todos('default', 'p1'), item: todo('1', 'alice') });
    expect(await store.records.get({ ...todos('default', 'p2'), id: '1' })).toBeUndefined();
    expect((await store.records.list({ ...todos('default', 'p2') })).total).toBe(0);
    expect(await store.records.counts({ ns: 'default', api: 'todo' })).toEqual({ todos: 1 });
    await store.records.create({ ...todos('default', ''), item: todo('2', 'alice') });
    expect((await store.records.parents({ ns: 'default', api: 'todo', collection: 'todos' })).sort()).toEqual(['', 'p1']);
    await store.records.delete({ ...todos('default', 'p1'), id: '1' });
    expect(await store.records.parents({ ns: 'default', api: 'todo', collection: 'todos' })).toEqual(['']);
  });

  it('gives integer ids one above the largest the collection has held', async () => {
    expect(await store.records.nextInteger(todos())).toBe(1);
    await store.records.create({ ...todos(), item: todo('10', 'alice') });
    expect(await store.records.nextInteger(todos())).toBe(11);
    expect(await store.records.nextInteger(todos())).toBe(12);
    await store.records.delete({ ...todos(), id: '10' });
    expect(await store.records.nextInteger(todos())).toBe(13);
    await store.records.create({ ...todos(), item: todo('abc', 'alice') });
    expect(await store.records.nextInteger(todos())).toBe(14);
    expect(await store.records.nextInteger(todos('default', 'other'))).toBe(1);
  });

  it('empties one collection or every collection of an API, and counts what went', async () => {
    await store.records.create({ ...todos(), item: todo('1', 'alice') });
    await store.records.create({ ...todos('default', 'p'), item: todo('2', 'alice') });
    await store.records.create({ ns: 'default', api: 'todo', collection: 'tags', parent: '', item: todo('t', 'alice') });
    expect(await store.records.clear({ ns: 'default', api: 'todo', collection: 'todos' })).toBe(2);
    expect(await store.records.counts({ ns: 'default', api: 'todo' })).toEqual({ tags: 1 });
    expect(await store.records.clear({ ns: 'default', api: 'todo' })).toBe(1);
    expect(await store.records.counts({ ns: 'default', api: 'todo' })).toEqual({});
    expect(await store.records.nextInteger(todos())).toBe(1);
  });

  it('keeps namespaces apart', async () => {
    await ns('other');
    await store.records.create({ ...todos(), item: todo('1', 'alice') });
    expect(await store.records.get({ ...todos('other'), id: '1' })).toBeUndefined();
  });

  it('seeds a namespace with its objects, brings them back on reset and drops them with it', async () => {
    await ns('seeded', [seedTodo('7'), seedTodo('8', 'p')]);
    expect(await store.records.get({ ...todos('seeded'), id: '7' })).toEqual(todo('7', undefined));
    await store.records.create({ ...todos('seeded'), item: todo('9', 'alice') });
    await store.records.delete({ ...todos('seeded'), id: '7' });
    await store.namespaces.reset({ ns: 'seeded', seed: [], objects: [seedTodo('7'), seedTodo('8', 'p')], seedHash: 'h', now: NOW });
    const after = await store.records.list({ ...todos('seeded') });
    expect(after.items.map((o) => o.id)).toEqual(['7']);
    expect(await store.records.nextInteger(todos('seeded'))).toBe(8);
    await store.namespaces.delete('seeded');
    expect(await store.records.counts({ ns: 'seeded', api: 'todo' })).toEqual({});
  });

  it('reseeds over the seed objects and keeps the objects callers made', async () => {
    await ns('seeded', [seedTodo('7')]);
    await store.records.create({ ...todos('seeded'), item: todo('9', 'alice') });
    await store.records.replace({ ...todos('seeded'), id: '7', object: { id: '7', title: 'changed' } });
    await store.namespaces.reseed({ ns: 'seeded', seed: [], objects: [seedTodo('7')], seedHash: 'h2' });
    expect((await store.records.get({ ...todos('seeded'), id: '7' }))!.object.title).toBe('todo 7');
    expect(await store.records.get({ ...todos('seeded'), id: '9' })).toEqual(todo('9', 'alice'));
  });

  it('forgets every object when the whole store is reset', async () => {
    await store.records.create({ ...todos(), item: todo('1', 'alice') });
    await store.reset();
    await ns('default');
    expect(await store.records.counts({ ns: 'default', api: 'todo' })).toEqual({});
  });
});
