import { describe, expect, it } from 'vitest';
import { jsonPatch, mergePatch, PatchError } from './patch-object.js';

describe('merge patch (RFC 7396)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  ])('%j patched with %j is %j', (target, patch, expected) => {
    expect(mergePatch(target, patch)).toEqual(expected);
  });
});

describe('JSON Patch (RFC 6902)', () => {
  const doc = { title: 'a', tags: ['x', 'y'], meta: { n: 1 } };

  it('adds, removes, replaces, moves, copies and tests, in order, on a copy', () => {
    const out = jsonPatch(doc, [
      { op: 'test', path: '/title', value: 'a' },
      { op: 'replace', path: '/title', value: 'b' },
      { op: 'add', path: '/tags/-', value: 'z' },
      { op: 'remove', path: '/tags/0' },
      { op: 'copy', from: '/meta/n', path: '/count' },
      { op: 'move', from: '/meta', path: '/info' },
    ]);
    expect(out).toEqual({ title: 'b', tags: ['y', 'z'], count: 1, info: { n: 1 } });
    expect(doc).toEqual({ title: 'a', tags: ['x', 'y'], meta: { n: 1 } });
  });

  it('fails whole on a failed test, a missing path or an unknown operation', () => {
    expect(() => jsonPatch(doc, [{ op: 'test', path: '/title', value: 'no' }])).toThrow(PatchError);
    expect(() => jsonPatch(doc, [{ op: 'remove', path: '/nothing' }])).toThrow(/does not exist/);
    expect(() => jsonPatch(doc, [{ op: 'frobnicate', path: '/title' }])).toThrow(/not a JSON Patch operation/);
    expect(() => jsonPatch(doc, { op: 'add' })).toThrow(/array of operations/);
  });
});
