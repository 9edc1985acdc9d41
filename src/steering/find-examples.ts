import type { MediaExamples, Operation } from '../core/types.js';
import { declaredResponse } from '../pipeline/validate.js';

/** The examples an operation declares for a status (JSON's, else the first media type's), from its model. */
export function examplesOf(op: Operation, status: number): MediaExamples | undefined {
  const declared = declaredResponse(op, status);
  if (!declared) return undefined;
  return declared.examples.get('application/json') ?? declared.examples.values().next().value;
}

export type ExamplesOf = typeof examplesOf;

/** The key a status is declared under in the operation's responses: the code, its range (`4XX`) or `default`. */
export function declaredKey(op: Operation, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((k) => op.responses.has(k));
}
