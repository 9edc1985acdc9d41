import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { checkSpecs, failedCells, SPECS } from './support.js';

// a 3.1 spec with OpenAPI 3.0's boolean exclusiveMinimum, and a schema Ajv refuses as written (a property's `required: true`)
const BOUNDS = join(SPECS, 'bounds.openapi.yaml');

describe('authmock check --spec on schemas a 3.1 compiler refuses as written', () => {
  let am: Authmock;

  beforeAll(async () => {
    am = await startAuthmock({ specs: [BOUNDS], cacheDir: undefined, logLevel: 'silent' });
  });
  afterAll(() => am.close());

  it('completes against authmock serving the spec, naming in its report the schema it could not check', async () => {
    const run = await checkSpecs({ spec: [BOUNDS], target: am.url });
    expect(run.report, run.stderr).toBeDefined();
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    const serverErrors = run.report.cases.flatMap((c) => c.checks).filter((c) => c.name === 'not_a_server_error' && !c.passed);
    expect(serverErrors).toEqual([]);
    expect(run.stderr).toContain("bounds: 2 schemas give exclusiveMinimum or exclusiveMaximum as a boolean (OpenAPI 3.0's form)");
    // found when the checker first validated a body it made, long after the start-up warnings
    expect(run.report.notes).toContain(
      'bounds: /paths/~1notes/post/requestBody/content/application~1json/schema (createNote): schema not checked, ' +
        'the compiler refuses it: required value must be ["array"]',
    );
  });
});
