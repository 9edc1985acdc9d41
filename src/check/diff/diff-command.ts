import { resolve } from 'node:path';
import type { CheckIo } from '../check-flags.js';
import { readMatrix } from './read-matrix.js';
import { describeDifference, diffMatrices } from './diff-matrices.js';

/**
 * `authmock check diff a.json b.json`: two runs' matrices compared cell by cell (the
 * mock against the real backend, yesterday against today). Returns 0 when they agree,
 * 1 when any cell differs (each listed); unreadable reports are usage errors.
 */
export function runCheckDiff(fileA: string, fileB: string, io: Pick<CheckIo, 'stdout'>): number {
  const a = readMatrix(resolve(fileA));
  const b = readMatrix(resolve(fileB));
  const names = { a: fileA, b: fileB };
  const differences = diffMatrices(a, b);
  for (const d of differences) io.stdout.write(`${describeDifference(d, names)}\n`);
  const cells = new Set([...a.keys(), ...b.keys()]).size;
  io.stdout.write(
    differences.length
      ? `${differences.length} of ${cells} matrix cells differ\n`
      : `the matrices agree: ${cells} cells, each the same in ${names.a} and ${names.b}\n`,
  );
  return differences.length ? 1 : 0;
}
