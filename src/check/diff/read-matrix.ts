import { readFileSync } from 'node:fs';
import { UsageError } from '../../core/usage-error.js';

/** One cell of a run's matrix: an operation called by one class of caller. */
export interface MatrixCellView {
  api: string;
  operationId: string;
  caller: string;
  callerTitle: string;
  expected: string;
  /** passed, failed or skipped */
  status: string;
  /** the status the server answered; null when none came or the cell was skipped */
  got: number | null;
  /** an object-level cell's collection and its visibility (`todos (private)`): its row, where a matrix cell's is its operation */
  collection?: string;
}

interface ReportCase {
  id?: unknown;
  category?: unknown;
  api?: unknown;
  operationId?: unknown;
  status?: unknown;
  checks?: { name?: unknown; step?: unknown }[];
  matrix?: { caller?: unknown; callerTitle?: unknown; expected?: unknown; got?: unknown; permission?: unknown };
}

const ACCESS = /^access_(allowed|denied|not_granted)$/;

/**
 * The matrix cells of an `authmock check --json` report (the object-level ones too), by case
 * id, which is stable between runs; a report whose cases carry none, by `<api> <operationId> <caller>`.
 */
export function readMatrix(file: string): Map<string, MatrixCellView> {
  let report: { tool?: unknown; cases?: unknown };
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (report?.tool !== 'authmock check' || !Array.isArray(report.cases))
    throw new UsageError(`${file} is not a report of authmock check --json`);
  const cells = new Map<string, MatrixCellView>();
  for (const c of report.cases as ReportCase[]) {
    if (!c.matrix || typeof c.matrix.caller !== 'string') continue;
    const cell: MatrixCellView = {
      api: String(c.api),
      operationId: String(c.operationId),
      caller: c.matrix.caller,
      callerTitle: String(c.matrix.callerTitle ?? c.matrix.caller),
      expected: String(c.matrix.expected),
      status: String(c.status),
      got: typeof c.matrix.got === 'number' ? c.matrix.got : c.matrix.got === null ? null : statusFromChecks(c),
      ...(c.category === 'object-level' && typeof c.matrix.permission === 'string' ? { collection: c.matrix.permission } : {}),
    };
    cells.set(typeof c.id === 'string' ? c.id : `${cell.api} ${cell.operationId} ${cell.caller}`, cell);
  }
  return cells;
}

/** Reports written before cells carried `got`: the status is the end of the access check's step. */
function statusFromChecks(c: ReportCase): number | null {
  const step = c.checks?.find((k) => typeof k.name === 'string' && ACCESS.test(k.name))?.step;
  const status = typeof step === 'string' ? /-> (\d{3})$/.exec(step)?.[1] : undefined;
  return status ? Number(status) : null;
}
