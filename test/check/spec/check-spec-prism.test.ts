import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, ROOT, runCheck, startAuthmock, startPrism, stopAll, type CheckRun } from '../support.js';

const PETSTORE = 'test/byo/petstore/petstore.openapi.yaml';
const CREDS = join(import.meta.dirname, 'petstore-creds.yaml');
const CLI = join(ROOT, 'bin', 'authmock.js');

/**
 * A plain `prism mock` of Petstore answers from the examples and checks only that a
 * credential is present: the checker, run as a user runs it, must fail it. The same
 * check against authmock serving Petstore passes, and `check diff` lists where they part.
 */
describe('authmock check --spec against a plain prism mock of Petstore', () => {
  let prism: CheckRun;
  let authmock: CheckRun;
  const failedIn = (caseId: string) => failures(prism.report).filter((f) => f.caseId === caseId);

  beforeAll(async () => {
    const [mock, server] = await Promise.all([startPrism(['mock', PETSTORE]), startAuthmock([PETSTORE])]);
    [prism, authmock] = await Promise.all([
      runCheck(['--spec', PETSTORE, '--target', mock.url, '--credentials', CREDS, '--unsafe', '--quiet'], { RW_TOKEN: 'rw-token-user1' }),
      runCheck(['--spec', PETSTORE, '--target', server.url, '--quiet']),
    ]);
  });
  afterAll(stopAll);

  it('fails: garbage, expired and revoked tokens and missing scopes are accepted, and nothing gets a 403', () => {
    expect(prism.code, prism.stderr).toBe(1);
    expect(prism.report.passed).toBe(false);
    for (const column of ['malformed', 'expired', 'revoked', 'lacks-read-pets', 'lacks-write-pets'])
      expect(failedIn(`petstore.findpetsbystatus.permission.${column}`).map((f) => f.step)).toEqual(['GET /pet/findByStatus -> 200']);
    expect(failedIn('petstore.getuserbyname.permission.other-user').map((f) => f.name)).toEqual(['access_denied']);
    const got = (prism.report.cases as { matrix?: { got: number | null } }[]).map((c) => c.matrix?.got);
    expect(got).not.toContain(403);
    // Prism does check that a credential is there
    expect(prism.report.cases.find((c) => c.id === 'petstore.findpetsbystatus.permission.none')?.status).toBe('passed');
    expect(prism.stdout).toMatch(/the spec's paths answer at http:\/\/127\.0\.0\.1:\d+, not under its server path \/api\/v3/);
    expect(prism.junit).toContain('<testsuite name="petstore.findPetsByStatus"');
  });

  it('passes against authmock serving Petstore, and check diff lists every cell where the two part', () => {
    expect(failures(authmock.report)).toEqual([]);
    expect(authmock.code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'authmock-diff-'));
    const a = join(dir, 'authmock.json');
    const b = join(dir, 'prism.json');
    writeFileSync(a, JSON.stringify(authmock.report));
    writeFileSync(b, JSON.stringify(prism.report));
    const diff = spawnSync(process.execPath, [CLI, 'check', 'diff', a, b], { cwd: ROOT, encoding: 'utf8' });
    expect(diff.status).toBe(1);
    expect(diff.stdout).toMatch(
      /^petstore findPetsByStatus, a malformed credential: 401 \(passed, expected 401\) in .*authmock\.json, 200 \(failed, expected 401\) in .*prism\.json$/m,
    );
    expect(spawnSync(process.execPath, [CLI, 'check', 'diff', a, a], { encoding: 'utf8' }).status).toBe(0);
    expect(spawnSync(process.execPath, [CLI, 'check', 'diff', a, join(dir, 'missing.json')], { encoding: 'utf8' }).status).toBe(2);
  });
});
