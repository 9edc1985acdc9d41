import type { HandlerResult, MediaExamples, Operation } from '../core/types.js';
import { declaredResponse } from '../pipeline/validate.js';
import { answerTypeOf, madeUpBody } from '../pipeline/answer-media.js';

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

/**
 * A steered answer in the type the operation declares for its status where that is not JSON
 * (the type examplesOf reads: JSON's, else the first declared), named in its Content-Type; a
 * status of such a type shown with no body gets a made-up one (empty text, a minimal PNG).
 */
export function inDeclaredType(op: Operation, answer: HandlerResult): HandlerResult {
  const declared = declaredResponse(op, answer.status);
  if (!declared || declared.examples.has('application/json')) return answer;
  const first = declared.examples.keys().next().value;
  const type = first === undefined ? 'application/json' : answerTypeOf(first);
  if (type === 'application/json') return answer;
  const body = answer.body === undefined ? madeUpBody(type) : answer.body;
  return { ...answer, headers: { 'Content-Type': type, ...answer.headers }, body };
}
