import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { makeApp, type TestApp } from '../support/make-app.js';

const SPECS = join(import.meta.dirname, '..', 'resources', 'specs');

/** The to-do spec in a folder of its own, its identity file with `todos` given `generate` as written. */
function todoWith(generate: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-generate-'));
  copyFileSync(join(SPECS, 'todo.openapi.yaml'), join(dir, 'todo.openapi.yaml'));
  const identities = readFileSync(join(SPECS, 'todo.authmock.yaml'), 'utf8');
  writeFileSync(
    join(dir, 'todo.authmock.yaml'),
    generate ? identities.replace('    adminScopes: [admin]', `    adminScopes: [admin]\n    generate: ${generate}`) : identities,
  );
  return join(dir, 'todo.openapi.yaml');
}

async function login(t: TestApp, username: string): Promise<string> {
  const res = await t.http
    .post('/api/login')
    .send({ username, password: `${username}-pass` })
    .expect(200);
  return `Bearer ${res.body.token}`;
}

async function todos(t: TestApp, who: string): Promise<{ id: number; title: string; done?: boolean }[]> {
  const res = await t.http
    .get('/api/todos')
    .set('Authorization', await login(t, who))
    .expect(200);
  return res.body.items;
}

function app(spec: string, config: Partial<Config> = {}): TestApp {
  return makeApp({ specs: [spec], ...config });
}

describe('collections with more than the examples', () => {
  it('adds 25 generated to-dos with 25 different titles, the same after a reset and on another start', async () => {
    const spec = todoWith('25');
    const t = app(spec);
    const listed = await todos(t, 'alice');
    expect(listed).toHaveLength(25);
    expect(new Set(listed.map((o) => o.title)).size).toBe(25);
    expect(listed.map((o) => o.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const o of listed) expect(o.title).toMatch(/^[A-Z][\w' -]+$/);
    await t.http
      .delete(`/api/todos/1`)
      .set('Authorization', await login(t, 'alice'))
      .expect(204);
    await t.http.post('/__authmock/reset').set('X-Authmock-Client', 'test').expect(204);
    expect(await todos(t, 'alice')).toEqual(listed);
    expect(await todos(app(spec), 'bob')).toEqual(listed);
    const other = await todos(app(spec, { seed: 9 }), 'alice');
    expect(other.map((o) => o.title)).not.toEqual(listed.map((o) => o.title));
  });

  it('makes them when a namespace is first seeded, not at start; a start on a state seeded alike makes none and keeps changes', async () => {
    const spec = todoWith('5');
    const store = new MemoryStore();
    const start = async (config: Partial<Config> = {}) => {
      const t = makeApp({ specs: [spec], ...config }, { store });
      const api = (await t.runtime).apis.find((a) => !a.builtIn)!;
      return { t, made: vi.spyOn(api.sample, 'objects') };
    };
    const first = await start();
    expect(first.made).not.toHaveBeenCalled();
    const listed = await todos(first.t, 'alice');
    expect(first.made).toHaveBeenCalledTimes(1);
    await first.t.http
      .patch('/api/todos/1')
      .set('Authorization', await login(first.t, 'alice'))
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ title: 'Mine now' }))
      .expect(200);

    const second = await start();
    const kept = await todos(second.t, 'alice');
    expect(second.made).not.toHaveBeenCalled();
    expect(kept[0].title).toBe('Mine now');
    expect(kept.slice(1)).toEqual(listed.slice(1));

    // another seed makes other objects: the namespace is seeded with them
    const third = await start({ seed: 9 });
    const reseeded = await todos(third.t, 'alice');
    expect(third.made).toHaveBeenCalledTimes(1);
    expect(reseeded.map((o) => o.title)).not.toContain('Mine now');
    expect(reseeded.map((o) => o.title)).not.toEqual(listed.map((o) => o.title));
  });

  it('keeps them in the cache folder: a memory state made anew reads them there, a tampered file is made again', async () => {
    const spec = todoWith('5');
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-made-'));
    const start = async () => {
      const t = makeApp({ specs: [spec], cacheDir }); // a new MemoryStore each: seeded on every start
      const api = (await t.runtime).apis.find((a) => !a.builtIn)!;
      return { t, made: vi.spyOn(api.sample, 'objects') };
    };
    const first = await start();
    const listed = await todos(first.t, 'alice');
    expect(first.made).toHaveBeenCalledTimes(1);
    const second = await start();
    expect(await todos(second.t, 'alice')).toEqual(listed);
    expect(second.made).not.toHaveBeenCalled();
    const kept = readdirSync(join(cacheDir, 'made')).find((f) => f.endsWith('.json'))!;
    writeFileSync(
      join(cacheDir, 'made', kept),
      readFileSync(join(cacheDir, 'made', kept), 'utf8').replace(/"title":"[^"]*"/, '"title":"forged"'),
    );
    const third = await start();
    const again = await todos(third.t, 'alice');
    expect(third.made).toHaveBeenCalledTimes(1);
    expect(again).toEqual(listed);
  });

  it('spreads them over the owners named, round-robin', async () => {
    const t = app(todoWith('{ count: 6, owners: [alice, bob] }'));
    expect((await todos(t, 'alice')).map((o) => o.id)).toEqual([1, 3, 5]);
    expect((await todos(t, 'bob')).map((o) => o.id)).toEqual([2, 4, 6]);
  });

  it('adds them to every collection with serve --generate, per parent for a nested one, ids by the collection rule', async () => {
    const t = app(todoWith(undefined), { generate: 3 });
    expect(await todos(t, 'alice')).toHaveLength(3);
    const tasks = await t.http
      .get('/api/projects/home/tasks')
      .set('Authorization', await login(t, 'alice'))
      .expect(200);
    expect(tasks.body).toHaveLength(4); // the example's task and three made
    for (const task of tasks.body) expect(task.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses a generate that is not a count', () => {
    const t = makeApp({ specs: [todoWith('lots')] }, { expectViolations: true });
    return expect(t.runtime).rejects.toThrow(/resources\.todos\.generate/);
  });
});
