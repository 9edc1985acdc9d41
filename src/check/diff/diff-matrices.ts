import type { MatrixCellView } from './read-matrix.js';

/** A cell that is not the same in both runs. */
export interface CellDifference {
  key: string;
  a?: MatrixCellView;
  b?: MatrixCellView;
}

/**
 * Cell by cell: a cell only one run has, or one whose answer (status got), verdict or
 * expectation differs. In the order of the first run, then the second run's new cells.
 */
export function diffMatrices(a: ReadonlyMap<string, MatrixCellView>, b: ReadonlyMap<string, MatrixCellView>): CellDifference[] {
  const out: CellDifference[] = [];
  for (const [key, cell] of a) {
    const other = b.get(key);
    if (!other) out.push({ key, a: cell });
    else if (cell.got !== other.got || cell.status !== other.status || cell.expected !== other.expected)
      out.push({ key, a: cell, b: other });
  }
  for (const [key, cell] of b) if (!a.has(key)) out.push({ key, b: cell });
  return out;
}

/** `petstore getPetById, a malformed credential: 401 (passed) in a.json, 200 (failed) in b.json` */
export function describeDifference(d: CellDifference, names: { a: string; b: string }): string {
  const cell = (d.a ?? d.b)!;
  const where = `${cell.api} ${cell.collection ?? cell.operationId}, ${cell.callerTitle}`;
  const side = (c: MatrixCellView | undefined) => (c ? `${c.got ?? 'no answer'} (${c.status}, expected ${c.expected})` : 'no such cell');
  return `${where}: ${side(d.a)} in ${names.a}, ${side(d.b)} in ${names.b}`;
}
