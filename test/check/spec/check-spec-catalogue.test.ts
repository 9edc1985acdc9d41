import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { cell, checkSpecs, failedCells } from './support.js';

// A spec as generators write them: the client sends the ids, and no operation declares 404
// or 409. `/items` reads are open and its writes need a token; `/notes` is all secured.
const CATALOGUE = join(import.meta.dirname, 'catalogue', 'catalogue.openapi.yaml');

describe('authmock check --spec against authmock serving a spec that declares no 404', () => {
  let am: Authmock;
  beforeAll(async () => {
    am = await startAuthmock({ specs: [CATALOGUE] });
  });
  afterAll(() => am.close());

  it("meets an existing object in every admitted cell, and lays the undeclared refusals at the spec's door", async () => {
    const run = await checkSpecs({ spec: [CATALOGUE], target: am.url, quiet: false });
    // every cell of the auth matrix holds: the object the sampled request names was there
    // (not a 404 on an id the checker made up) and each create's id was free (not a 409)
    const matrixFailures = failedCells(run).filter((id) => !id.includes('.object-level.'));
    expect(matrixFailures, run.stdout).toEqual([]);
    for (const op of ['replaceItem', 'deleteItem', 'getNote', 'deleteNote', 'createItem', 'createNote'])
      expect(cell(run, 'catalogue', op, 'exact-scopes'), op).toMatchObject({
        status: 'passed',
        matrix: { got: op.startsWith('create') ? 201 : op.startsWith('delete') ? 204 : 200 },
      });
    expect(cell(run, 'catalogue', 'getItem', 'none')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    // a public catalogue: B reads what A made (shared-read, the default where only writes are secured)
    const bReads = run.report.cases.find((c) => c.id === 'catalogue.items.object-level.b-reads');
    expect(bReads).toMatchObject({ status: 'passed', matrix: { expected: 'success' } });
    // the refusals the object-level cells expect (403, 404) are not declared: the spec's omission, not the server's fault
    const failedChecks = run.report.cases.flatMap((c) => c.checks.filter((k) => !k.passed));
    expect(failedChecks.length).toBeGreaterThan(0);
    expect(new Set(failedChecks.map((k) => k.name))).toEqual(new Set(['status_code_conformance']));
    expect(run.stdout).toContain("[the spec's: it contradicts itself]");
    expect(run.stdout).not.toContain("[the server's");
    expect(run.stdout).not.toContain('The server broke the spec');
  });
});
