import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createFixedMemo } from './run-request.js';

/** A validator that counts its calls and passes while `ok` says so. */
function counting(ok: (v: unknown) => boolean) {
  const fn = ((v: unknown) => {
    fn.calls++;
    return ok(v);
  }) as unknown as ValidateFunction & { calls: number };
  fn.calls = 0;
  return fn;
}

describe('the memo of fixed answer bodies', () => {
  const fixedBody = Object.freeze({ id: 1, email: 'a@example.com' });
  const fixed = (v: object) => v === fixedBody;

  it('serializes a fixed body once and a fresh one every time', () => {
    let reads = 0;
    const body = {
      get n() {
        return ++reads;
      },
    };
    const memo = createFixedMemo((v) => v === body);
    expect(memo.json(body)).toBe('{"n":1}');
    expect(memo.json(body)).toBe('{"n":1}');
    const fresh = {
      get n() {
        return ++reads;
      },
    };
    expect(memo.json(fresh)).toBe('{"n":2}');
    expect(memo.json(fresh)).toBe('{"n":3}');
    expect(memo.json('text')).toBe('"text"');
    expect(memo.json(null)).toBe('null');
  });

  it('remembers that a fixed body passed a validator, and only that validator', () => {
    const memo = createFixedMemo(fixed);
    const a = counting(() => true);
    const b = counting(() => true);
    for (let i = 0; i < 3; i++) expect(memo.validate(a, fixedBody)).toBe(true);
    expect(a.calls).toBe(1);
    expect(memo.validate(b, fixedBody)).toBe(true);
    expect(b.calls).toBe(1);
  });

  it('never remembers a failure, nor a body that may change', () => {
    const memo = createFixedMemo(fixed);
    const failing = counting(() => false);
    expect(memo.validate(failing, fixedBody)).toBe(false);
    expect(memo.validate(failing, fixedBody)).toBe(false);
    expect(failing.calls).toBe(2);
    const passing = counting(() => true);
    const changing = { id: 1 };
    memo.validate(passing, changing);
    memo.validate(passing, changing);
    expect(passing.calls).toBe(2);
  });

  it('computes everything each time for a store without fixed values', () => {
    const memo = createFixedMemo(undefined);
    const v = counting(() => true);
    memo.validate(v, fixedBody);
    memo.validate(v, fixedBody);
    expect(v.calls).toBe(2);
  });
});
