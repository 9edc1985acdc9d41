import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheckDiff } from '../../../src/check/diff/diff-command.js';
import { checkSpecs, failedCells } from './support.js';
import { startObjectRuleServer, TODO_SECRETS, type ObjectBroken } from './object-rule-server.js';

const TODOS = join(import.meta.dirname, 'todos', 'todos.openapi.yaml');
const CREDS = join(import.meta.dirname, 'todos', 'creds.yaml');
const ONE_USER = join(import.meta.dirname, 'todos', 'one-user.yaml');
const CELLS = ['a-reads-back', 'b-reads', 'b-lists', 'anonymous', 'b-writes', 'b-deletes', 'a-deletes'];

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function checkServer(broken: ObjectBroken, extra: { unsafe?: boolean; credentials?: string } = {}) {
  const server = await startObjectRuleServer(broken);
  closing.push(server.close);
  return checkSpecs({ spec: [TODOS], target: server.url, credentials: CREDS, quiet: false, ...extra }, TODO_SECRETS);
}

function objectCells(run: Awaited<ReturnType<typeof checkServer>>) {
  return run.report.cases.filter((c) => c.id.startsWith('todos.todos.object-level.'));
}

describe('authmock check --spec: object-level authorization against servers that are not authmock', () => {
  it('passes a to-do server that keeps every rule, each user seeing only their own to-dos', async () => {
    const run = await checkServer('none', { unsafe: true });
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    const cells = objectCells(run);
    expect(cells.map((c) => c.matrix.caller)).toEqual(CELLS);
    expect(cells.every((c) => c.status === 'passed')).toBe(true);
    // B is told 404, as if A's to-do did not exist
    expect(cells.find((c) => c.matrix.caller === 'b-reads')).toMatchObject({ matrix: { expected: 'hidden', got: 404 } });
    // the JSON report carries the category
    expect(cells.every((c) => (c as unknown as { category: string }).category === 'object-level')).toBe(true);
    for (const secret of Object.values(TODO_SECRETS)) expect(run.text).not.toContain(secret);
  });

  const cases: [ObjectBroken, string[]][] = [
    ['b-reads', ['todos.todos.object-level.b-reads']],
    ['b-deletes', ['todos.todos.object-level.b-deletes']],
    ['list-leaks', ['todos.todos.object-level.b-lists']],
    ['b-patches', ['todos.todos.object-level.b-writes']],
    ['field-changed', ['todos.todos.object-level.a-reads-back']],
    // function level (OWASP API5): the scope cells of the matrix already catch an admin-only operation open to users
    ['admin-open', ['todos.purgetodos.permission.lacks-admin']],
  ];
  for (const [broken, cells] of cases) {
    it(`catches a to-do server whose rule "${broken}" is broken in exactly the cells it breaks`, async () => {
      const run = await checkServer(broken, { unsafe: true });
      expect(run.code).toBe(1);
      expect(failedCells(run)).toEqual(cells);
      for (const secret of Object.values(TODO_SECRETS)) expect(run.text).not.toContain(secret);
    });
  }

  it('words a finding as what B did to whose object, in the console and the reports', async () => {
    const run = await checkServer('b-reads', { unsafe: true });
    const failed = run.report.cases.find((c) => c.id === 'todos.todos.object-level.b-reads')!;
    expect(failed.checks.find((c) => !c.passed)).toMatchObject({
      name: 'object_read',
      message: expect.stringMatching(/^B read A's todos \d+: expected 403 or 404, got 200: \{"id":\d+,"title":/),
    });
    expect(run.stdout).toMatch(
      /^ +✗ todos createTodo {2}todos: B reads A's object -> 403 or 404 {2}4\/5\n +object_read {2}B reads A's todos (\d+): GET \/api\/todos\/\1 -> 200 {2}\[the server's: it broke the spec\]$/m,
    );
    // the findings, grouped by cause after the cases
    expect(run.stdout).toMatch(/^ +1 × object_read: B read A's todos \d+: expected 403 or 404, got 200: /m);
  });

  it("skips A's delete once B's delete went through, saying why", async () => {
    const run = await checkServer('b-deletes', { unsafe: true });
    const after = run.report.cases.find((c) => c.id === 'todos.todos.object-level.a-deletes')!;
    expect(after).toMatchObject({ status: 'skipped', skipReason: expect.stringMatching(/^B deleted A's todos \d+ before A could/) });
  });

  it('a user caught reading the purge: the matrix row of an admin-only operation', async () => {
    const run = await checkServer('admin-open', { unsafe: true });
    const lacks = run.report.cases.find((c) => c.id === 'todos.purgetodos.permission.lacks-admin')!;
    expect(lacks).toMatchObject({ status: 'failed', matrix: { expected: 403, got: 204 } });
    const exact = run.report.cases.find((c) => c.id === 'todos.purgetodos.permission.exact-scopes')!;
    expect(exact).toMatchObject({ status: 'passed', matrix: { got: 204 } });
  });

  it('skips every object-level cell without --unsafe, saying why', async () => {
    const run = await checkServer('b-reads');
    expect(run.code).toBe(0);
    const cells = objectCells(run);
    expect(cells).toHaveLength(CELLS.length);
    for (const c of cells)
      expect(c).toMatchObject({
        status: 'skipped',
        skipReason: expect.stringMatching(
          /^object-level cases create and delete objects: not sent to http:\/\/127\.0\.0\.1:\d+, which is not authmock \(--unsafe sends them\)$/,
        ),
      });
  });

  it('skips every object-level cell when the credentials file names fewer than two users, saying why', async () => {
    const run = await checkServer('b-reads', { unsafe: true, credentials: ONE_USER });
    const cells = objectCells(run);
    expect(cells).toHaveLength(CELLS.length);
    for (const c of cells)
      expect(c).toMatchObject({
        status: 'skipped',
        skipReason:
          'object-level cases need two users, A and B: the credentials file has no bearerAuth credential that holds no scopes and not admin, of a second user',
      });
  });

  it('puts the category into the JUnit report', async () => {
    const server = await startObjectRuleServer('b-reads');
    closing.push(server.close);
    const junit = join(mkdtempSync(join(tmpdir(), 'authmock-junit-')), 'junit.xml');
    await checkSpecs({ spec: [TODOS], target: server.url, credentials: CREDS, unsafe: true, junit }, TODO_SECRETS);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase classname="todos\.getTodo" name="todos: B reads A's object -&gt; 403 or 404 › object_read"[^>]*>\s*<properties><property name="category" value="object-level"\/><\/properties>\s*<failure message="B read A's todos \d+: expected 403 or 404, got 200/,
    );
    expect(xml).toMatch(/<property name="category" value="permission"\/>/);
  });

  it('check diff lists an object-level cell that changed between two runs', async () => {
    const good = await checkServer('none', { unsafe: true });
    const leaky = await checkServer('list-leaks', { unsafe: true });
    const [a, b] = [join(good.dir, 'report.json'), join(leaky.dir, 'report.json')];
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    expect(runCheckDiff(a, b, { stdout })).toBe(1);
    expect(out.trim().split('\n')).toEqual([
      `todos todos (private), B's list: 200 (passed, expected success) in ${a}, 200 (failed, expected success) in ${b}`,
      expect.stringMatching(/^1 of \d+ matrix cells differ$/),
    ]);
  });

  it('names the objects it made and could not delete where the spec has no delete operation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-no-delete-'));
    const spec = parseYaml(readFileSync(TODOS, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    for (const item of Object.values(spec.paths)) delete item.delete;
    writeFileSync(join(dir, 'todos.openapi.yaml'), stringifyYaml(spec));
    writeFileSync(join(dir, 'todos.authmock.yaml'), readFileSync(join(import.meta.dirname, 'todos', 'todos.authmock.yaml')));
    const server = await startObjectRuleServer('none');
    closing.push(server.close);
    const run = await checkSpecs(
      { spec: [join(dir, 'todos.openapi.yaml')], target: server.url, credentials: CREDS, unsafe: true },
      TODO_SECRETS,
    );
    expect(run.stdout).toMatch(/left on http:\/\/127\.0\.0\.1:\d+, the spec having no delete operation for them: todos todos \w+/);
  });
});
