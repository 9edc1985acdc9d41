import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, makeApp } from '../support/make-app.js';
import { lintInProcess } from '../lint/run-lint.js';
import { loadUserSpecs } from '../../src/check/user-spec/load-user-specs.js';

const SECRET = 'sibling-secret-7f3a';
let dir: string;

/** A spec in `<dir>/api/` whose one answer's schema is `ref`. */
function writeSpec(name: string, ref: string): string {
  const path = join(dir, 'api', `${name}.openapi.yaml`);
  writeFileSync(
    path,
    `openapi: 3.1.0
info: { title: Refs, version: '1' }
paths:
  /item:
    get:
      operationId: getItem
      responses:
        '200':
          description: An item.
          content:
            application/json:
              schema: { $ref: '${ref}' }
`,
  );
  return path;
}

/** A schema file whose answers say where it was read from. */
const schemaFrom = (where: string) => `type: object\nrequired: [from]\nproperties:\n  from: { type: string, const: ${where} }\n`;

/** `authmock serve` through the real bin in `dir`, where it keeps its cache: its exit code and what it printed. */
function serve(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'authmock.js'), 'serve', '--state', 'memory', '--port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => child.once('exit', (code) => (clearTimeout(timer), resolve({ code, out }))));
}

/** Every file's text under `.authmock/` of `dir`, where the compile cache lives. */
function cacheText(): string {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [readFileSync(join(d, n), 'latin1')]));
  return existsSync(join(dir, '.authmock')) ? walk(join(dir, '.authmock')).join('\n') : '';
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'authmock-refs-'));
  mkdirSync(join(dir, 'api', 'schemas'), { recursive: true });
  mkdirSync(join(dir, 'sibling'));
  mkdirSync(join(dir, 'shared'));
  writeFileSync(join(dir, 'api', 'item.yaml'), schemaFrom('folder'));
  writeFileSync(join(dir, 'api', 'schemas', 'item.yaml'), schemaFrom('subfolder'));
  writeFileSync(join(dir, 'sibling', 'x.yaml'), schemaFrom(SECRET));
  writeFileSync(join(dir, 'shared', 'item.yaml'), schemaFrom('shared'));
  symlinkSync(join(dir, 'sibling', 'x.yaml'), join(dir, 'api', 'link.yaml'));
});

describe("a spec's $refs read files only in its folder and the project's refRoots", () => {
  it('stops the start with exit 2 on a ref to /etc/passwd, naming the file, the pointer and the ref, and reads nothing', async () => {
    writeSpec('passwd', '/etc/passwd');
    const { code, out } = await serve(['api/passwd.openapi.yaml']);
    expect(code).toBe(2);
    expect(out).toContain(
      "authmock: passwd.openapi.yaml#/paths/~1item/get/responses/200/content/application~1json/schema: $ref /etc/passwd points outside the spec's folder",
    );
    expect(out).not.toContain('root:');
    expect(cacheText()).not.toContain('root:');
  });

  it('stops the start on a ref to a sibling folder and on a link that leads there, without reading the file', async () => {
    for (const [name, ref] of [
      ['sibling', '../sibling/x.yaml'],
      ['linked', 'link.yaml'],
    ]) {
      writeSpec(name, ref);
      const { code, out } = await serve([`api/${name}.openapi.yaml`]);
      expect(code).toBe(2);
      expect(out).toContain(
        `${name}.openapi.yaml#/paths/~1item/get/responses/200/content/application~1json/schema: $ref ${ref} points outside`,
      );
      expect(out).not.toContain(SECRET);
    }
    expect(cacheText()).not.toContain(SECRET);
  });

  it('names the included file that holds a ref going outside', async () => {
    writeFileSync(join(dir, 'api', 'schemas', 'leaky.yaml'), "type: object\nproperties:\n  x: { $ref: '../../sibling/x.yaml' }\n");
    writeSpec('nested', 'schemas/leaky.yaml');
    const { code, out } = await serve(['api/nested.openapi.yaml']);
    expect(code).toBe(2);
    expect(out).toContain('authmock: schemas/leaky.yaml#/properties/x: $ref ../../sibling/x.yaml points outside');
  });

  it('refuses a ref to a URL', async () => {
    writeSpec('remote', 'https://example.com/item.yaml');
    const { code, out } = await serve(['api/remote.openapi.yaml']);
    expect(code).toBe(2);
    expect(out).toContain('$ref https://example.com/item.yaml points to a URL');
  });

  it('serves refs to files in the folder and below it', async () => {
    for (const [ref, from] of [
      ['item.yaml', 'folder'],
      ['./schemas/item.yaml', 'subfolder'],
    ]) {
      const t = makeApp({ specs: [writeSpec(`in-${from}`, ref)] });
      expect((await t.http.get('/item').expect(200)).body).toEqual({ from });
    }
  });

  it('serves a ref into a folder listed in refRoots, from the project file', async () => {
    const spec = writeSpec('shared', '../shared/item.yaml');
    await expect(makeApp({ specs: [spec] }).runtime).rejects.toThrow(/points outside/);
    const t = makeApp({ specs: [spec], refRoots: [join(dir, 'shared')] });
    expect((await t.http.get('/item').expect(200)).body).toEqual({ from: 'shared' });

    writeFileSync(join(dir, 'authmock.yaml'), 'specs: [api/shared.openapi.yaml]\nrefRoots: [shared]\n');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'authmock.js'), 'serve', '--state', 'memory', '--port', '0'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (found) resolve(found[0]);
        });
        child.once('exit', () => reject(new Error(`exited: ${out}`)));
      });
      expect(await (await fetch(`${url}/item`)).json()).toEqual({ from: 'shared' });
    } finally {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // the start above cached the spec with the shared file in it: without refRoots, that entry is not used
    writeFileSync(join(dir, 'authmock.yaml'), 'specs: [api/shared.openapi.yaml]\n');
    const again = await serve([]);
    expect(again.code).toBe(2);
    expect(again.out).toContain('$ref ../shared/item.yaml points outside');
  }, 30_000);

  it('holds for `authmock lint` (exit 2 before Spectral reads the file) and `check --spec`, with refRoots', async () => {
    const spec = writeSpec('linted', '../sibling/x.yaml');
    const lint = await lintInProcess([spec], dir);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toContain(
      'linted.openapi.yaml#/paths/~1item/get/responses/200/content/application~1json/schema: $ref ../sibling/x.yaml points outside',
    );
    expect(lint.stdout + lint.stderr).not.toContain(SECRET);
    await expect(loadUserSpecs([spec])).rejects.toThrow(/\$ref \.\.\/sibling\/x\.yaml points outside/);
    const shared = writeSpec('checked', '../shared/item.yaml');
    expect((await loadUserSpecs([shared], [join(dir, 'shared')]))[0].name).toBe('checked');
  });
});
