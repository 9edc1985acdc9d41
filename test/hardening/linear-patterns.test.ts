import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from './listen.js';
import { makeApp } from '../support/make-app.js';
import { lintInProcess } from '../lint/run-lint.js';
import { checkSpecs } from '../check/spec/support.js';

const SPEC = join(import.meta.dirname, 'specs', 'patterns.openapi.yaml');
// long enough that a backtracking engine would not finish this year
const EVIL = `${'a'.repeat(5000)}!`;

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a spec's patterns run in time linear in the input", () => {
  it('answers an input that would make a backtracking engine loop, and a plain request sent beside it', async () => {
    server = await listen({ specs: [SPEC], logLevel: 'silent' });
    const order: string[] = [];
    const send = (name: string, path: string, init?: RequestInit) =>
      fetch(server!.baseUrl + path, init).then((r) => {
        order.push(name);
        return r.status;
      });
    const statuses = await Promise.all([
      send('evil query', `/search?q=${EVIL}`),
      send('evil body', '/tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tag: EVIL }),
      }),
      send('plain', '/status'),
    ]);
    expect(statuses).toEqual([400, 400, 200]);
    expect(order).toContain('plain');
  }, 20_000);

  it('still refuses what a valid pattern does not match, and accepts what it does', async () => {
    const t = makeApp({ specs: [SPEC] });
    await t.http.get('/codes/404').expect(200);
    await t.http.get('/codes/4040').expect(400);
    await t.http.get('/search?q=aaa').expect(200);
    await t.http.post('/tags').send({ tag: 'abc12def' }).expect(201);
    await t.http.post('/tags').send({ tag: 'ABC' }).expect(400);
  });

  it('names a pattern RE2 cannot run in a start warning and leaves it unchecked', async () => {
    const t = makeApp({ specs: [SPEC] });
    const { warnings } = await t.runtime;
    const warning = warnings.find((w) => w.includes('\\1'));
    expect(warning).toContain('patterns: ');
    expect(warning).toContain('"^(\\\\w+)\\\\1$" at /components/schemas/Repeated/pattern');
    // a backreference: `abab` matches it, `abc` would not, and neither is refused
    await t.http.get('/words?w=abc').expect(200);
    expect(warnings.join('\n')).toContain(
      'pattern "^(?=x)" at /paths/~1labels/post/requestBody/content/application~1json/schema/patternProperties',
    );
    await t.http.post('/labels').send({ xa: 1 }).expect(204);
  });

  it('holds for `authmock lint`: examples are checked against patterns on RE2, a pattern it cannot run is named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-lint-patterns-'));
    const param = (name: string, pattern: string, example: string) =>
      `        - { name: ${name}, in: query, schema: { type: string, pattern: '${pattern}' }, example: '${example}' }`;
    writeFileSync(
      join(dir, 'evil.openapi.yaml'),
      [
        'openapi: 3.1.0',
        "info: { title: Evil, version: '1' }",
        'paths:',
        '  /s:',
        '    get:',
        '      operationId: s',
        '      parameters:',
        param('q', '^(a+)+$', EVIL),
        param('r', '^(\\w+)\\1$', 'abc'),
        "      responses: { '200': { description: ok } }",
        '',
      ].join('\n'),
    );
    const run = await lintInProcess(['evil.openapi.yaml'], dir);
    expect(run.stdout).toContain('"example" property must match pattern "^(a+)+$"');
    expect(run.stdout).not.toContain('\\1$"');
    expect(run.stderr).toContain('pattern "^(\\\\w+)\\\\1$" is not checked against examples (RE2 cannot run it');
  }, 30_000);

  it('holds for `authmock check --spec`: a pattern RE2 cannot run is named before the cases', async () => {
    const run = await checkSpecs({ spec: [SPEC], list: true, json: undefined });
    expect(run.stderr).toContain('authmock check: patterns: /paths/~1words/get/parameters/0 (getWords): parameters not checked');
    expect(run.stderr).toContain('pattern "^(\\\\w+)\\\\1$" at /components/schemas/Repeated/pattern');
  });
});
