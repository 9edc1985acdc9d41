import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { cell, checkSpecs, failedCells, SPECS } from './support.js';

// An Asana-like spec (each operation: a personal access token, or an OAuth token with its
// scope): the checker mints each cell's token for the scheme it needs, and authmock holds a
// token to the scheme it was issued for, so the scope cells get their 403.
const TASKS = join(SPECS, 'tasks.openapi.yaml');

describe('authmock check --spec against authmock serving an Asana-like spec', () => {
  let am: Authmock;
  beforeAll(async () => {
    am = await startAuthmock({ specs: [TASKS] });
  });
  afterAll(() => am.close());

  it('reports no failures, and an OAuth token short of its scope gets 403 beside the unscoped bearer', async () => {
    const run = await checkSpecs({ spec: [TASKS], target: am.url });
    expect(failedCells(run), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    for (const [op, scope] of [
      ['listTasks', 'tasks:read'],
      ['createTask', 'tasks:write'],
      ['deleteTask', 'tasks:delete'],
    ]) {
      expect(cell(run, 'tasks', op, `lacks-${scope}`), op).toMatchObject({ status: 'passed', matrix: { expected: 403, got: 403 } });
    }
    expect(cell(run, 'tasks', 'deleteTask', 'expired')).toMatchObject({ status: 'passed', matrix: { expected: 401, got: 401 } });
    // where only oauth2 is accepted, a personal access token is a credential of another scheme: 401
    expect(cell(run, 'tasks', 'listEvents', 'other-scheme')).toMatchObject({ status: 'passed', matrix: { expected: 401, got: 401 } });
    expect(cell(run, 'tasks', 'deleteTask', 'other-scheme')).toMatchObject({ status: 'skipped' });
  });
});
