import { expect, it } from 'vitest';
import type { CaseResult } from '../../src/check/case-types.js';
import { renderMatrix } from '../../src/check/report/html-matrix.js';

const cell = (operationId: string, caller: string, column: number): CaseResult =>
  ({
    id: `big.${operationId}.permission.${caller}`.toLowerCase(),
    api: 'big',
    operationId,
    title: caller,
    category: 'permission',
    status: 'passed',
    checks: [],
    matrix: { caller, callerTitle: caller.replace('lacks-', 'lacks '), expected: caller === 'none' ? 401 : 403, permission: 'x', column },
  }) as unknown as CaseResult;

it('puts every lacks-<scope> cell in one column, stacked per operation, so many scopes do not widen the grid', () => {
  const results = Array.from({ length: 50 }, (_, i) => [
    cell(`op${i}`, 'none', 0),
    cell(`op${i}`, `lacks-read:r${i}`, 5),
    cell(`op${i}`, `lacks-write:r${i}`, 5),
  ]).flat();
  const html = renderMatrix(results, [], new Map());
  expect(html).toContain('50 operations by 2 callers');
  expect(html.match(/<th scope="col">/g)).toHaveLength(3);
  expect(html).toMatch(/<span class="caller">lacks read:r7<\/span>[\s\S]*<span class="caller">lacks write:r7<\/span>/);
});
