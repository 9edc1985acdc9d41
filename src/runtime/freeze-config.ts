import type { Config } from '../config.js';
import { deepFreeze } from '../core/deep-freeze.js';

/** Settings are fixed once the server starts: a deep-frozen copy. */
export function freezeConfig(config: Config): Readonly<Config> {
  return deepFreeze(structuredClone(config));
}
