import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { ROOT, checkSpecs } from './support.js';

// the benchmark's generator: resources with list/create/read/update/delete, two schemes, scopes per resource
const { writeLargeSpec } = (await import(pathToFileURL(join(ROOT, 'bench', 'large-spec.mjs')).href)) as {
  writeLargeSpec(dir: string, operations: number): { file: string };
};

describe('the HTML report of a 1,000-operation spec', () => {
  let am: Authmock;
  let spec: string;

  beforeAll(async () => {
    spec = writeLargeSpec(mkdtempSync(join(tmpdir(), 'authmock-large-report-')), 1000).file;
    am = await startAuthmock({ specs: [spec], logLevel: 'silent' });
  });
  afterAll(() => am.close());

  it('stays under 2 MB: each reason for skipping said once under its grid, runs of skipped cells merged', async () => {
    const html = join(mkdtempSync(join(tmpdir(), 'authmock-large-report-')), 'report.html');
    const run = await checkSpecs({ spec: [spec], target: am.url, html });
    const skipped = run.report.cases.filter((c) => c.status === 'skipped').length;
    expect(skipped).toBeGreaterThan(1000); // the default request budget leaves most cells unrun
    expect(statSync(html).size).toBeLessThan(2_000_000);
    const text = readFileSync(html, 'utf8');
    const budget = /<li id="skip-large-op-\d+" value="\d+">the request budget is spent \(--max-requests 2000\) \((\d+) cells\)<\/li>/.exec(
      text,
    );
    expect(budget, 'the budget named once under the matrix, with its count').not.toBeNull();
    expect(text.match(/the request budget is spent/g)!.length).toBeLessThanOrEqual(3); // matrix, object grid, notes
    expect(text).toMatch(
      /colspan="\d+"><span class="mark mark-skipped">– skipped<\/span> \((\d+ cells|every cell)\) <a class="reason" href="#skip-large-/,
    );
  }, 60_000);
});
