import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheckDiff } from '../../../src/check/diff/diff-command.js';
import { checkSpecs } from './support.js';
import { SECRETS, startRuleServer, type Broken } from './rule-server.js';

const NOTES = join(import.meta.dirname, 'notes', 'notes.openapi.yaml');
const CREDS = join(import.meta.dirname, 'notes', 'creds.yaml');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function reportOf(broken: Broken): Promise<string> {
  const server = await startRuleServer(broken);
  closing.push(server.close);
  const run = await checkSpecs({ spec: [NOTES], target: server.url, credentials: CREDS }, SECRETS);
  return join(run.dir, 'report.json');
}

function diff(a: string, b: string): { code: number; out: string } {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = runCheckDiff(a, b, { stdout });
  return { code, out };
}

describe('authmock check diff', () => {
  it('finds nothing between two runs of the same server, and the one cell a broken rule changed', async () => {
    const [good, again, leaky] = await Promise.all([reportOf('none'), reportOf('none'), reportOf('owner-leaks')]);
    expect(diff(good, again)).toMatchObject({ code: 0, out: expect.stringMatching(/^the matrices agree: \d+ cells, each the same in /) });
    const found = diff(good, leaky);
    expect(found.code).toBe(1);
    expect(found.out.trim().split('\n')).toEqual([
      `notes getUser, another user's credential: 403 (passed, expected 403) in ${good}, 200 (failed, expected 403) in ${leaky}`,
      expect.stringMatching(/^1 of \d+ matrix cells differ$/),
    ]);
  });

  it('lists a cell only one run has, and refuses a file that is not a report', async () => {
    const good = await reportOf('none');
    const report = JSON.parse((await import('node:fs')).readFileSync(good, 'utf8'));
    report.cases = report.cases.filter((c: { id: string }) => c.id !== 'notes.getstatus.permission.none');
    const fewer = good.replace(/report\.json$/, 'fewer.json');
    writeFileSync(fewer, JSON.stringify(report));
    const found = diff(good, fewer);
    expect(found.code).toBe(1);
    expect(found.out).toContain(`notes getStatus, no credential: 200 (passed, expected admitted) in ${good}, no such cell in ${fewer}`);
    const notReport = good.replace(/report\.json$/, 'other.json');
    writeFileSync(notReport, '{"hello": 1}');
    expect(() => diff(good, notReport)).toThrow(/is not a report of authmock check --json/);
  });
});
