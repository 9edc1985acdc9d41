import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cell, checkSpecs, failedCells, PETSTORE, ROOT, SPECS } from './support.js';

const SERVED = ['schemes.openapi.yaml', 'legacy.swagger.json', 'open.openapi.yaml', 'quirks.openapi.yaml', 'split/split.openapi.yaml'].map(
  (f) => join(SPECS, f),
);

describe('authmock check --spec against authmock serving the specs', () => {
  let am: Authmock;

  beforeAll(async () => {
    am = await startAuthmock({ specs: [...SERVED, PETSTORE] });
  });
  afterAll(() => am.close());

  it("passes every cell of the repository's test specs, skipping only what authmock cannot produce, each with its reason", async () => {
    const run = await checkSpecs({ spec: SERVED, target: am.url });
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    const skipped = run.report.cases.filter((c) => c.status === 'skipped').map((c) => `${c.id}: ${c.skipReason}`);
    expect(skipped).toEqual(
      expect.arrayContaining([
        "schemes.withheaderkey.permission.expired: authmock's API keys do not expire (headerKey)",
        'schemes.withbasic.permission.revoked: Basic credentials are not revoked, only changed (basicAuth)',
        'schemes.withmutualtls.permission.exact-scopes: the checker cannot send mtls (mutualTLS) credentials',
      ]),
    );
    expect(skipped.every((s) => /: \S/.test(s))).toBe(true);
    // each class where the spec implies it
    expect(cell(run, 'schemes', 'readReports', 'lacks-reports:read')).toMatchObject({
      status: 'passed',
      matrix: { expected: 403, got: 403 },
    });
    expect(cell(run, 'schemes', 'withBearer', 'expired')).toMatchObject({ status: 'passed', matrix: { expected: 401, got: 401 } });
    expect(cell(run, 'schemes', 'withBearer', 'expired').checks.map((c) => c.name)).toContain('bearer_challenge');
    expect(cell(run, 'schemes', 'getUser', 'other-user')).toMatchObject({ status: 'passed', matrix: { expected: 403, got: 403 } });
    expect(cell(run, 'schemes', 'getUser', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { expected: 'admitted', got: 200 } });
    expect(cell(run, 'schemes', 'withOptional', 'none')).toMatchObject({ status: 'passed', matrix: { expected: 'admitted', got: 200 } });
    expect(cell(run, 'open', 'getStatus', 'none')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    expect(cell(run, 'legacy', 'createItem', 'lacks-items:write')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    // the check's namespace is given back
    const namespaces = (await am.control.GET('/__authmock/namespaces')).data ?? [];
    expect(namespaces.map((n) => n.name).filter((n) => n.startsWith('check-'))).toEqual([]);
  });

  it("checks Petstore's whole matrix in under 3 s and says how many requests it took", async () => {
    const run = await checkSpecs({ spec: [PETSTORE], target: am.url, html: undefined });
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.report.durationMs).toBeLessThan(3000);
    expect(run.report.requests).toBeGreaterThan(run.report.totals.cases.total - run.report.totals.cases.skipped);
    expect(run.report.requests).toBeLessThan(2000);
    expect(run.stdout).toMatch(new RegExp(`PASS .*\\(\\d+\\.\\d s, ${run.report.requests} requests\\)`));
    const columns = new Set(run.report.cases.filter((c) => c.operationId === 'updatePet').map((c) => c.matrix.caller));
    expect([...columns]).toEqual([
      'none',
      'malformed',
      'other-scheme',
      'expired',
      'revoked',
      'lacks-write:pets',
      'lacks-read:pets',
      'exact-scopes',
    ]);
    expect(cell(run, 'petstore', 'getUserByName', 'other-user')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    expect(cell(run, 'petstore', 'updatePet', 'lacks-read:pets').checks.find((c) => c.name === 'bearer_challenge')?.passed).toBe(true);
  });

  it('keeps to --only, --skip and the request budget, and lists cells without sending anything', async () => {
    const only = await checkSpecs({ spec: [PETSTORE], target: am.url, only: ['pet'], skip: ['deletePet,uploadFile'] });
    const ops = new Set(only.report.cases.map((c) => c.operationId));
    expect([...ops].sort()).toEqual(['addPet', 'findPetsByStatus', 'findPetsByTags', 'getPetById', 'updatePet', 'updatePetWithForm']);
    const capped = await checkSpecs({ spec: [PETSTORE], target: am.url, maxRequests: '20' });
    expect(capped.code).toBe(0);
    expect(capped.report.requests).toBeLessThanOrEqual(20);
    expect(capped.report.cases.filter((c) => c.skipReason === 'the request budget is spent (--max-requests 20)').length).toBeGreaterThan(
      50,
    );
    const listed = await checkSpecs({ spec: [PETSTORE], target: 'http://127.0.0.1:9', list: true });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^petstore\.getpetbyid\.permission\.other-scheme\tpermission\t.*\tskipped: the operation accepts every kind/m,
    );
    // listing sends nothing, so it needs no target
    const bare = await checkSpecs({ spec: [PETSTORE], list: true });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^petstore\.getpetbyid\./m);
  });

  it('refuses a spec the authmock does not serve, an unknown --only name, and a missing --target', async () => {
    await expect(checkSpecs({ spec: [join(SPECS, 'clash.openapi.yaml')], target: am.url })).rejects.toThrow(/does not serve clash/);
    await expect(checkSpecs({ spec: [PETSTORE], target: am.url, only: ['nosuchop'] })).rejects.toThrow(
      /--only nosuchop: no operationId or tag/,
    );
    await expect(checkSpecs({ spec: [PETSTORE] })).rejects.toThrow(/--target is required/);
  });

  it('names the owner by whatever claim the owner rule compares', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-owners-'));
    const spec = join(dir, 'owners.openapi.yaml');
    writeFileSync(
      spec,
      `openapi: 3.1.0
info: { title: Accounts by a claim of their own, version: '1' }
paths:
  /accounts/{account}:
    get:
      operationId: getAccount
      security: [{ bearerAuth: [] }]
      parameters: [{ name: account, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: Yours. }, '401': { description: Who? }, '403': { description: Not yours. } }
components: { securitySchemes: { bearerAuth: { type: http, scheme: bearer } } }
`,
    );
    writeFileSync(join(dir, 'owners.authmock.yaml'), 'operations:\n  getAccount: { owner: { param: account, claim: account } }\n');
    const owners = await startAuthmock({ specs: [spec] });
    try {
      const run = await checkSpecs({ spec: [spec], target: owners.url });
      expect(failedCells(run), run.stdout).toEqual([]);
      expect(cell(run, 'owners', 'getAccount', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
      expect(cell(run, 'owners', 'getAccount', 'other-user')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    } finally {
      await owners.close();
    }
  });
});

const TODO = join(ROOT, 'test', 'resources', 'specs', 'todo.openapi.yaml');
const VISIBILITIES = ['private', 'shared-read', 'shared'] as const;

/**
 * A copy of a spec and its identity file in a temporary directory, every named collection of
 * the identity file given `visibility` (and `declare403`: 403 declared on the spec's item operations).
 */
function withVisibility(spec: string, collections: readonly string[], visibility: string, declare403 = false): string {
  const dir = mkdtempSync(join(tmpdir(), `authmock-${visibility}-`));
  const name = basename(spec);
  let text = readFileSync(spec, 'utf8');
  if (declare403)
    text = text.replace(
      /^( {8})'404': \{ \$ref: '#\/components\/responses\/Problem' \}\n/gm,
      `$&$1'403': { $ref: '#/components/responses/Problem' }\n`,
    );
  writeFileSync(join(dir, name), text);
  let identity = readFileSync(spec.replace('.openapi.yaml', '.authmock.yaml'), 'utf8').replace(/^ {4}visibility: \S+\n/gm, '');
  for (const c of collections) {
    const entry = new RegExp(`^  ${c}:( \\{\\})?\\n`, 'm');
    expect(identity).toMatch(entry);
    identity = identity.replace(entry, `  ${c}:\n    visibility: ${visibility}\n`);
  }
  writeFileSync(join(dir, name.replace('.openapi.yaml', '.authmock.yaml')), identity);
  return join(dir, name);
}

describe('authmock check --spec: object-level cases against authmock, for each visibility', () => {
  const objectCells = (run: Awaited<ReturnType<typeof checkSpecs>>) =>
    run.report.cases.filter((c) => (c as unknown as { category: string }).category === 'object-level');

  for (const visibility of VISIBILITIES)
    for (const [spec, collections] of [
      [TODO, ['todos']],
      [PETSTORE, ['pet', 'user']],
    ] as const)
      it(`passes every object-level cell of ${basename(spec)} with ${collections.join(' and ')} ${visibility}`, async () => {
        // the to-do spec's item operations declare no 403, which a shared-read collection answers B's write
        const file = withVisibility(spec, collections, visibility, spec === TODO && visibility === 'shared-read');
        const am = await startAuthmock({ specs: [file] });
        try {
          const run = await checkSpecs({ spec: [file], target: am.url });
          expect(failedCells(run), run.stdout).toEqual([]);
          const cells = objectCells(run);
          const ran = cells.filter((c) => c.status === 'passed').map((c) => c.id);
          // A's cells run whatever the visibility; B's where the visibility says what B may do
          for (const c of collections) {
            expect(ran).toEqual(expect.arrayContaining([`${basename(file).split('.')[0]}.${c}.object-level.a-reads-back`]));
            expect(ran).toEqual(expect.arrayContaining([`${basename(file).split('.')[0]}.${c}.object-level.a-deletes`]));
          }
          const skipped = cells.filter((c) => c.status === 'skipped');
          expect(skipped.every((c) => /^not tested for a (shared|shared-read) collection$/.test(c.skipReason!))).toBe(true);
          if (visibility === 'private') expect(skipped.filter((c) => collections.some((n) => c.id.includes(`.${n}.`)))).toEqual([]);
        } finally {
          await am.close();
        }
      });

  it('expects B refused by an owner rule of its own whatever the visibility (Petstore user records)', async () => {
    const file = withVisibility(PETSTORE, ['user'], 'shared-read');
    const am = await startAuthmock({ specs: [file] });
    try {
      const run = await checkSpecs({ spec: [file], target: am.url });
      expect(run.report.cases.find((c) => c.id === 'petstore.user.object-level.b-reads')).toMatchObject({
        status: 'passed',
        matrix: { expected: 'hidden', got: 403 },
      });
    } finally {
      await am.close();
    }
  });

  it("flags the 403 a shared-read to-do answers B's write with, which the to-do spec does not declare", async () => {
    const file = withVisibility(TODO, ['todos'], 'shared-read');
    const am = await startAuthmock({ specs: [file] });
    try {
      const run = await checkSpecs({ spec: [file], target: am.url });
      expect(failedCells(run)).toEqual(['todo.todos.object-level.b-deletes', 'todo.todos.object-level.b-writes']);
      const failing = run.report.cases
        .filter((c) => c.status === 'failed')
        .flatMap((c) => c.checks.filter((k) => !k.passed).map((k) => `${k.name}: ${k.message}`));
      expect(new Set(failing)).toEqual(
        new Set([
          'status_code_conformance: status 403 is not declared (declared: 200, 401, 404)',
          'status_code_conformance: status 403 is not declared (declared: 204, 401, 404)',
        ]),
      );
    } finally {
      await am.close();
    }
  });
});

describe('authmock check --spec: every value it sends satisfies its schema', () => {
  async function checkServed(name: string, spec: string, identity?: string) {
    const dir = mkdtempSync(join(tmpdir(), `authmock-${name}-`));
    const file = join(dir, `${name}.openapi.yaml`);
    writeFileSync(file, spec);
    if (identity) writeFileSync(join(dir, `${name}.authmock.yaml`), identity);
    const am = await startAuthmock({ specs: [file] });
    try {
      return await checkSpecs({ spec: [file], target: am.url });
    } finally {
      await am.close();
    }
  }

  it('names its users as an owner parameter with a pattern takes them (vault-style)', async () => {
    const run = await checkServed(
      'vault',
      `openapi: 3.1.0
info: { title: A vault per user, version: '1' }
paths:
  /vaults/{owner}:
    get:
      operationId: getVault
      security: [{ bearerAuth: [] }]
      parameters: [{ name: owner, in: path, required: true, schema: { type: string, pattern: '^[a-z]{2,32}$' } }]
      responses:
        '200': { description: Yours., content: { application/json: { schema: { type: object } } } }
        '400': { description: Not a name. }
        '401': { description: Who? }
        '403': { description: Not yours. }
components: { securitySchemes: { bearerAuth: { type: http, scheme: bearer } } }
`,
      'operations:\n  getVault: { owner: { param: owner, claim: username } }\n',
    );
    expect(failedCells(run), run.stdout).toEqual([]);
    // the owner's own vault is served, not refused as a malformed name (400)
    expect(cell(run, 'vault', 'getVault', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    expect(cell(run, 'vault', 'getVault', 'exact-scopes').checks[0]!.step).toMatch(/^GET \/vaults\/[a-z]{2,32} -> 200$/);
    expect(cell(run, 'vault', 'getVault', 'other-user')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    // a sampled value matches the pattern too: openapi-sampler's "string" would, so the none cell's value is randexp's
    expect(cell(run, 'vault', 'getVault', 'none').checks[0]!.step).toMatch(/^GET \/vaults\/[a-z]{2,32} -> 401$/);
  });

  it('fills patterned body properties and parameters, and skips, saying why, what no value can satisfy', async () => {
    const run = await checkServed(
      'codes',
      `openapi: 3.1.0
info: { title: Codes, version: '1' }
security: [{ bearerAuth: [] }]
paths:
  /codes:
    post:
      operationId: addCode
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [code, region]
              properties:
                code: { type: string, pattern: '^[A-Z]{3}-[0-9]{4}$' }
                region: { type: string, pattern: '^(eu|us)-[a-z]+-[1-9]$', maxLength: 12 }
      responses: { '201': { description: Added. }, '400': { description: Bad. }, '401': { description: Who? } }
  /codes/{short}:
    get:
      operationId: getShort
      parameters: [{ name: short, in: path, required: true, schema: { type: string, pattern: '^[a-z]{2}$', minLength: 5 } }]
      responses: { '200': { description: Found. }, '401': { description: Who? }, '404': { description: None. } }
components: { securitySchemes: { bearerAuth: { type: http, scheme: bearer } } }
`,
    );
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(cell(run, 'codes', 'addCode', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 201 } });
    for (const column of ['none', 'malformed', 'exact-scopes'])
      expect(cell(run, 'codes', 'getShort', column)).toMatchObject({
        status: 'skipped',
        matrix: { got: null },
        skipReason: 'the checker cannot make a value of path parameter short that its schema accepts (pattern ^[a-z]{2}$)',
      });
    expect(run.stdout).toMatch(/codes getShort +- +0\/0 +GET \/codes\/\{short\} +\(6 cases skipped\)/);
  });
});
