import type { ValidateFunction } from 'ajv';

/**
 * Whether a value never changes once handed out: the store's read cache freezes what it
 * keeps and answers this for it (ReadCacheStore.isFixed).
 */
export type IsFixed = (value: object) => boolean;

/**
 * Per runtime: what the pipeline computes of an answer body that never changes, kept with
 * the body. A GET me answers the caller's record as the store's read cache holds it: its
 * JSON text and its check against the spec are the same on every request, and were 12 % of
 * one in the profile. Any other body is computed every time.
 */
export interface FixedMemo {
  /** JSON.stringify(value) */
  json(value: unknown): string;
  /** validate(value), remembered only when it passed */
  validate(validate: ValidateFunction, value: unknown): boolean;
}

/** `isFixed` absent (a store without a read cache): every body is computed every time. */
export function createFixedMemo(isFixed: IsFixed | undefined): FixedMemo {
  if (!isFixed)
    return {
      json: (value) => JSON.stringify(value),
      validate: (validate, value) => validate(value) as boolean,
    };
  const texts = new WeakMap<object, string>();
  const passed = new WeakMap<object, WeakSet<ValidateFunction>>();
  const fixed = (value: unknown): value is object => typeof value === 'object' && value !== null && isFixed(value);
  return {
    json(value) {
      if (!fixed(value)) return JSON.stringify(value);
      let text = texts.get(value);
      if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
      return text;
    },
    validate(validate, value) {
      if (!fixed(value)) return validate(value) as boolean;
      if (passed.get(value)?.has(validate)) return true;
      if (!validate(value)) return false;
      let set = passed.get(value);
      if (!set) passed.set(value, (set = new WeakSet()));
      set.add(validate);
      return true;
    },
  };
}
