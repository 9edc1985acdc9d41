import { describe, expect, it } from 'vitest';
import type { MediaValidators, Operation } from '../core/types.js';
import { answerInDeclaredType, findDeclaredTypes } from './answer-in-type.js';

/** An operation whose 200 declares `content` (type → its example, or undefined for none; every type with a schema). */
function opWith(content: Record<string, unknown>, statuses: Record<string, Record<string, unknown>> = {}): Operation {
  const media = (c: Record<string, unknown>): MediaValidators => ({
    byType: new Map(),
    order: new Map(),
    examples: new Map(Object.entries(c).map(([t, ex]) => [t, ex === undefined ? { named: {} } : { first: ex, named: {} }])),
    schemaAt: new Map(Object.keys(c).map((t) => [t, `/schemas/${t}`])),
  });
  const responses = new Map(Object.entries({ '200': content, ...statuses }).map(([s, c]) => [s, media(c)]));
  return { api: 'a', operationId: 'op', responses } as unknown as Operation;
}

const sample = (_op: Operation, status: string, type: string) => `made ${status} ${type}`;

describe('answers in a declared type', () => {
  it('leaves an answer in JSON alone (or none) to the pipeline: no declared types to pick among', () => {
    expect(findDeclaredTypes(opWith({ 'application/json': { a: 1 } }))).toBeUndefined();
    expect(findDeclaredTypes(opWith({ '*/*': undefined }))).toBeUndefined();
    expect(findDeclaredTypes(opWith({}))).toBeUndefined();
    expect(findDeclaredTypes(opWith({ 'application/json': undefined }, { '201': { 'text/csv': 'a' } }))).toBeUndefined();
  });

  it('finds the types of an image, of a +json type and of JSON beside CSV', () => {
    expect(findDeclaredTypes(opWith({ 'image/*': undefined }))?.answerTypes).toEqual(['image/png']);
    expect(findDeclaredTypes(opWith({ 'application/vnd.api+json': undefined }))?.answerTypes).toEqual(['application/vnd.api+json']);
    expect(findDeclaredTypes(opWith({ 'application/json': undefined, 'text/csv': undefined }))?.answerTypes).toEqual([
      'application/json',
      'text/csv',
    ]);
  });

  it("answers the picked type's example, else a minimal file, else a body made from its schema", () => {
    const op = opWith({ 'application/json': undefined, 'text/csv': 'a,b\n', 'image/png': undefined, 'text/plain': undefined });
    const found = findDeclaredTypes(op)!;
    const answer = (accept?: string) => answerInDeclaredType(op, found, sample, { accept });
    expect(answer('text/csv')).toEqual({ status: 200, headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n' });
    expect(answer('image/png').headers).toEqual({ 'Content-Type': 'image/png' });
    expect(Buffer.isBuffer(answer('image/png').body)).toBe(true);
    expect(answer('text/plain')).toEqual({ status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'made 200 text/plain' });
    // JSON as the pipeline answers it: no Content-Type of its own
    expect(answer()).toEqual({ status: 200, body: 'made 200 application/json' });
  });

  it('leaves an object made for XML to JSON, where JSON is declared; YAML takes one', () => {
    const op = opWith({ 'application/json': { id: 7 }, 'application/xml': undefined, 'application/yaml': undefined });
    (op as { example?: unknown }).example = { status: 200, body: { id: 7 } };
    const found = findDeclaredTypes(op)!;
    const made = (_op: Operation, _status: string, type: string) => ({ made: type });
    expect(answerInDeclaredType(op, found, made, { accept: 'application/xml' })).toEqual({ status: 200, body: { id: 7 } });
    expect(answerInDeclaredType(op, found, made, { accept: 'application/yaml' })).toEqual({
      status: 200,
      headers: { 'Content-Type': 'application/yaml' },
      body: { made: 'application/yaml' },
    });
  });
});
