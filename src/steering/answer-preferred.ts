import type { HandlerResult, Operation } from '../core/types.js';
import { declaredKey, inDeclaredType, type ExamplesOf } from './find-examples.js';

/** What a `Prefer` header asks for (parsePrefer). */
export interface Preferred {
  code?: number;
  example?: string;
}

/**
 * Prism's `Prefer: code=…, example=…` for a request that passed every check: a status the
 * operation declares (by its code, its range or `default`) answers with its example (the
 * named one when asked), else a body made from its schema, else no body; a status it does
 * not declare answers authmock's own 400 naming the declared ones, so a typo is not taken
 * for the API's answer. `example=` alone: the first declared status that has that example;
 * none has it, undefined (the operation answers as it would). An answer of a status declared
 * in another type than JSON names that type (a CSV example goes as CSV).
 */
export function answerPreferred(op: Operation, want: Preferred, examplesOf: ExamplesOf): HandlerResult | undefined {
  if (want.code !== undefined) {
    if (!declaredKey(op, want.code)) return refuseUndeclared(op, want.code);
    const found = examplesOf(op, want.code);
    const named = want.example !== undefined ? found?.named[want.example] : undefined;
    const body = named ?? found?.first;
    return inDeclaredType(op, { status: want.code, body: structuredClone(body) });
  }
  for (const status of [...op.responses.keys()].filter((s) => /^\d+$/.test(s)).map(Number)) {
    const body = examplesOf(op, status)?.named[want.example!];
    if (body !== undefined) return inDeclaredType(op, { status, body: structuredClone(body) });
  }
  return undefined;
}

function refuseUndeclared(op: Operation, code: number): HandlerResult {
  const declared = [...op.responses.keys()].join(', ');
  return {
    status: 400,
    headers: { 'Content-Type': 'application/problem+json' },
    body: {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: `Prefer: code=${code} is not a status ${op.operationId} declares (declared: ${declared})`,
    },
  };
}
