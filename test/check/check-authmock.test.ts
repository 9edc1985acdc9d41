import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, freePort, runCheck, startAuthmock, stopAll, type Started } from './support.js';

describe('authmock check against a fresh authmock', () => {
  let server: Started;

  beforeAll(async () => {
    server = await startAuthmock();
  });
  afterAll(stopAll);

  it('passes every check, lockout included, and exits 0', async () => {
    const run = await runCheck(['--target', server.url]);
    expect(failures(run.report), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    const { cases, checks } = run.report.totals;
    expect(cases.skipped).toBe(0);
    expect(cases.total).toBeGreaterThan(140);
    expect(checks.total).toBeGreaterThan(800);
    expect(run.report.operations.map((o) => `${o.api}.${o.operationId} ${o.score}`)).toEqual([
      'commerce.createCustomerAccessToken 100',
      'commerce.createAdminAccessToken 100',
      'commerce.revokeCustomerAccessToken 100',
      'commerce.getCurrentCustomer 100',
      'commerce.getCustomerById 100',
      'commerce.getDirectoryCountries 100',
      'commerce.getDirectoryCurrency 100',
      'social.login 100',
      'social.logout 100',
      'social.getProfile 100',
    ]);
    const ids = run.report.cases.map((c) => c.id);
    expect(ids.at(-1)).toBe('commerce.flow.lockout');
    expect(ids).toEqual(
      expect.arrayContaining([
        'commerce.getcurrentcustomer.permission.revoked',
        'social.flow.token-lifecycle',
        'commerce.flow.lookup-by-id',
      ]),
    );
    expect(run.junit).toContain('<testsuite name="commerce.getCurrentCustomer"');
    expect(run.junit).toMatch(/<testsuites name="authmock check [^"]*" tests="\d+" failures="0"/);
    expect(run.stdout).toMatch(/PASS {2}\d+ cases passed, 0 failed, 0 skipped/);
  });

  it('fails the lockout account on a second run in a namespace the user named, since the first one locked it', async () => {
    // A target under /__ns/<name> is used as given (no namespace of the check's own): the state carries over.
    const shared = `${server.url}/__ns/shared`;
    expect((await runCheck(['--target', shared, '--api', 'commerce', '--quiet'])).code).toBe(0);
    const run = await runCheck(['--target', shared, '--api', 'commerce', '--quiet']);
    expect(run.code).toBe(1);
    const failed = new Set(failures(run.report).map((f) => f.caseId));
    expect([...failed].sort()).toEqual(['commerce.flow.lockout', 'commerce.flow.own-record']);
  });

  it('runs without the lockout flow when asked to, and lists the cases without sending anything', async () => {
    const skipped = await runCheck(['--target', server.url, '--api', 'social', '--no-lockout', '--json-only']);
    expect(skipped.code).toBe(0);
    expect(skipped.report.cases.every((c) => c.id.startsWith('social.'))).toBe(true);
    const list = await runCheck(['--target', 'http://127.0.0.1:9', '--list', '--proxy-safe']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/commerce\.createcustomeraccesstoken\.positive\.body-application-xml\tpositive\t.*\tskipped: XML case/);
    expect(list.stdout).toMatch(
      /commerce\.getcurrentcustomer\.permission\.none\t.*skipped: --proxy-safe: Prism checks the security requirements itself/,
    );
    // no target at all: listing sends nothing, so it needs none
    const bare = await runCheck(['--list', '--api', 'social']);
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stdout).toMatch(/^social\.login\./m);
    expect(bare.stdout).not.toMatch(/^commerce\./m);
  });
});

describe('authmock check exit codes', () => {
  it('exits 2 when the target is unreachable', async () => {
    const port = await freePort();
    const run = await runCheck(['--target', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unreachable/);
  });

  it('exits 2 on usage errors, and refuses credentials in the URL', async () => {
    expect((await runCheck([])).code).toBe(2);
    expect((await runCheck(['--target', 'http://127.0.0.1:1', '--api', 'both'])).code).toBe(2);
    const inUrl = await runCheck(['--target', 'http://admin:secret@127.0.0.1:1']);
    expect(inUrl.code).toBe(2);
    expect(inUrl.stderr).toMatch(/credentials do not belong in the URL/);
  });
});

afterAll(stopAll);
