import type { ValidateFunction } from 'ajv';

/** Values that never change once handed out (the store's read cache freezes what it keeps). */
export interface FixedValues {
  has(value: object): boolean;
}

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
  /**
   * convert(value) for a fixed value, computed once per conversion and frozen (shallow):
   * a cached identity read as a customer or an app (digests decoded from base64) on every
   * login. Anything else is converted every time, and not frozen.
   */
  derive<V extends object, T extends object>(value: V, convert: (value: V) => T): T;
}

export function createFixedMemo(fixed: FixedValues | undefined): FixedMemo {
  if (!fixed)
    return {
      json: (value) => JSON.stringify(value),
      validate: (validate, value) => validate(value) as boolean,
      derive: (value, convert) => convert(value),
    };
  const texts = new WeakMap<object, string>();
  const passed = new WeakMap<object, WeakSet<ValidateFunction>>();
  const derived = new WeakMap<object, Map<(value: never) => object, object>>();
  const isFixed = (value: unknown): value is object => typeof value === 'object' && value !== null && fixed.has(value);
  return {
    json(value) {
      if (!isFixed(value)) return JSON.stringify(value);
      let text = texts.get(value);
      if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
      return text;
    },
    validate(validate, value) {
      if (!isFixed(value)) return validate(value) as boolean;
      if (passed.get(value)?.has(validate)) return true;
      if (!validate(value)) return false;
      let set = passed.get(value);
      if (!set) passed.set(value, (set = new WeakSet()));
      set.add(validate);
      return true;
    },
    derive(value, convert) {
      if (!isFixed(value)) return convert(value);
      let byConversion = derived.get(value);
      if (!byConversion) derived.set(value, (byConversion = new Map()));
      let result = byConversion.get(convert) as ReturnType<typeof convert> | undefined;
      if (result === undefined) byConversion.set(convert, (result = Object.freeze(convert(value))));
      return result;
    },
  };
}
