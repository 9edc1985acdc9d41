import { existsSync } from 'node:fs';
import type { Config } from '../config.js';
import type { ApiModule } from '../apis/api-module.js';
import { API_MODULES } from '../apis/index.js';
import { createSpecModule } from '../apis/spec-api/index.js';
import { StartError } from './start-error.js';

/**
 * The APIs a start serves: each entry of `config.specs` is a spec file (with its identity
 * file beside it or named) or the name of a built-in API (`commerce`, `social`); with none,
 * the built-ins, as authmock always served them.
 */
export function selectModules(config: Readonly<Config>): ApiModule[] {
  if (!config.specs?.length) return [...API_MODULES];
  return config.specs.map((entry) => {
    const source = typeof entry === 'string' ? { spec: entry } : entry;
    const builtin = API_MODULES.find((m) => m.name === source.spec);
    if (builtin) return builtin;
    if (!/[./\\]/.test(source.spec)) {
      throw new StartError(
        `${source.spec} is neither a spec file nor a built-in API (built-ins: ${API_MODULES.map((m) => m.name).join(', ')})`,
      );
    }
    if (!existsSync(source.spec)) throw new StartError(`${source.spec}: no such spec file`);
    return createSpecModule({ ...source, cacheDir: config.cacheDir });
  });
}
