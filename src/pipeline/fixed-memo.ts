import type { ValidateFunction } from 'ajv';
import { deepFreeze } from '../core/deep-freeze.js';

/**
 * Whether a value never changes once handed out: the store's read cache freezes what it
 * keeps and answers this for it (ReadCacheStore.isFixed).
 */
export type IsFixed = (value: object) => boolean;

/**
 * Per runtime: what the pipeline computes of an answer body that never changes, kept with
 * the body. A GET me answers the caller's record as the store's read cache holds it, an
 * operation without a handler its spec's example: their JSON text and their check against
 * the spec are the same on every request (12 % of a GET me in the profile). Any other body
 * is computed every time.
 */
export interface FixedMemo {
  /** a body the spec gives (an example, one made from a schema), frozen once and kept as never changing */
  keep<T>(value: T): T;
  /** JSON.stringify(value) */
  json(value: unknown): string;
  /** validate(value), remembered only when it passed */
  validate(validate: ValidateFunction, value: unknown): boolean;
}

/** `isFixed`: the store's read cache's own fixed values, where it has one. */
export function createFixedMemo(isFixed: IsFixed | undefined): FixedMemo {
  const kept = new WeakSet<object>();
  const texts = new WeakMap<object, string>();
  const passed = new WeakMap<object, WeakSet<ValidateFunction>>();
  const fixed = (value: unknown): value is object =>
    typeof value === 'object' && value !== null && (kept.has(value) || (isFixed?.(value) ?? false));
  return {
    keep(value) {
      if (typeof value === 'object' && value !== null && !kept.has(value)) kept.add(deepFreeze(value));
      return value;
    },
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
