import type { Config } from '../config.js';

/** Settings are fixed once the server starts: a deep-frozen copy. */
export function freezeConfig(config: Config): Readonly<Config> {
  return deepFreeze(structuredClone(config));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
