import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSpecs, failedCells, cell } from './support.js';
import { SECRETS, startRuleServer, type Broken } from './rule-server.js';

const NOTES = join(import.meta.dirname, 'notes', 'notes.openapi.yaml');
const CREDS = join(import.meta.dirname, 'notes', 'creds.yaml');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function checkServer(broken: Broken, extra: { unsafe?: boolean } = {}) {
  const server = await startRuleServer(broken);
  closing.push(server.close);
  return checkSpecs({ spec: [NOTES], target: server.url, credentials: CREDS, ...extra }, SECRETS);
}

describe('authmock check --spec against servers that are not authmock', () => {
  it('passes a server that keeps every rule, with credentials from the file and tokens from its token endpoint', async () => {
    const run = await checkServer('none', { unsafe: true });
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    // the oauth scheme's live tokens came from the client at its tokenUrl, with exactly the scopes asked for
    expect(cell(run, 'notes', 'getReports', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    expect(cell(run, 'notes', 'getReports', 'lacks-reports:read')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    expect(cell(run, 'notes', 'getUser', 'other-user')).toMatchObject({ status: 'passed', matrix: { got: 403 } });
    expect(cell(run, 'notes', 'keyedRead', 'expired')).toMatchObject({
      status: 'skipped',
      skipReason: 'the credentials file has no expired credential of apiKey',
    });
    expect(run.report.notes?.join('\n')).toMatch(
      /^--unsafe: every operation was called on http:\/\/127\.0\.0\.1:\d+, those that may change data too$/,
    );
    // secrets from the environment never reach the report
    for (const secret of Object.values(SECRETS)) expect(run.text).not.toContain(secret);
  });

  it('calls only GET, HEAD and OPTIONS without --unsafe, and the report says so', async () => {
    const run = await checkServer('none');
    expect(run.code).toBe(0);
    const post = run.report.cases.filter((c) => c.operationId === 'createNote');
    expect(post.length).toBeGreaterThan(0);
    expect(
      post.every(
        (c) => c.status === 'skipped' && /^POST is not sent to http:\/\/127\.0\.0\.1:\d+, which is not authmock/.test(c.skipReason!),
      ),
    ).toBe(true);
    expect(run.report.notes?.join('\n')).toMatch(
      /safe mode: .* only GET, HEAD and OPTIONS operations were called \(--unsafe calls the others too\)/,
    );
    expect(run.report.options).toMatchObject({ unsafe: false, maxRequests: 2000 });
  });

  const cases: [Broken, string[]][] = [
    [
      'scope-ignored',
      [
        'notes.createnote.permission.lacks-notes-write',
        'notes.getreports.permission.lacks-reports-read',
        'notes.listnotes.permission.lacks-notes-read',
      ],
    ],
    [
      'expired-accepted',
      [
        'notes.createnote.permission.expired',
        'notes.getreports.permission.expired',
        'notes.getuser.permission.expired',
        'notes.listnotes.permission.expired',
      ],
    ],
    ['owner-leaks', ['notes.getuser.permission.other-user']],
    [
      '401-for-403',
      [
        'notes.createnote.permission.lacks-notes-write',
        'notes.getreports.permission.lacks-reports-read',
        'notes.getuser.permission.other-user',
        'notes.listnotes.permission.lacks-notes-read',
      ],
    ],
  ];
  for (const [broken, cells] of cases) {
    it(`catches a server whose rule "${broken}" is broken in exactly the cells it breaks`, async () => {
      const run = await checkServer(broken, { unsafe: true });
      expect(run.code).toBe(1);
      expect(failedCells(run)).toEqual(cells);
      // a failed cell shows its request, with the credential masked
      for (const secret of Object.values(SECRETS)) expect(run.text).not.toContain(secret);
    });
  }

  it("shows a failed cell's request with its token cut to a prefix", async () => {
    const run = await checkServer('owner-leaks');
    const failed = cell(run, 'notes', 'getUser', 'other-user').checks.find((c) => !c.passed) as unknown as {
      exchange: { request: { headers: Record<string, string> } };
    };
    expect(failed.exchange.request.headers.authorization).toBe(`Bearer read… (${SECRETS.READ_TOKEN.length} chars)`);
  });

  it('exits 2 when the target does not answer', async () => {
    const server = await startRuleServer('none');
    await server.close();
    const run = await checkSpecs({ spec: [NOTES], target: server.url, credentials: CREDS }, SECRETS);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the notes API at http:\/\/127\.0\.0\.1:\d+\/api is unreachable/);
  });

  it('names a 401 where a 403 is due', async () => {
    const run = await checkServer('401-for-403');
    const failed = cell(run, 'notes', 'listNotes', 'lacks-notes:read').checks.find((c) => !c.passed);
    expect(failed).toMatchObject({ name: 'access_denied', message: expect.stringMatching(/^expected 403, got 401/) });
  });
});
