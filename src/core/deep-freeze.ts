/**
 * Freezes a value and everything in it; `frozen`, when given, gets every object frozen
 * here (the store's read cache names them as values that never change).
 */
export function deepFreeze<T>(value: T, frozen?: WeakSet<object>): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    frozen?.add(value);
    for (const v of Object.values(value)) deepFreeze(v, frozen);
  }
  return value;
}
