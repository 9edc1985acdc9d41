import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { createAjv, type AjvInstance } from './create-ajv.js';
import type { LoadedSpec } from './load-spec.js';

// Ajv's code generator is required only when a cache entry is written (see create-ajv.ts).
const require = createRequire(import.meta.url);

export type Purpose = 'request' | 'response';

/** Hands out validators by a stable key, compiling each one once. */
export interface SchemaCompiler {
  /** the validator of the schema a `$ref` (absolute, into a loaded spec) points at */
  ref(purpose: Purpose, ref: string): ValidateFunction;
  /** the validator of an inline schema; `key` must identify it across runs */
  inline(purpose: Purpose, key: string, schema: object): ValidateFunction;
}

interface Compiled {
  key: string;
  id: string;
}

/**
 * Compiles with Ajv and remembers what it compiled, so the whole set can be written out
 * as standalone code and loaded by the next start without compiling again.
 */
export class LiveCompiler implements SchemaCompiler {
  private readonly ajv: Record<Purpose, AjvInstance>;
  private readonly done: Record<Purpose, Map<string, { id: string; validate: ValidateFunction }>> = {
    request: new Map(),
    response: new Map(),
  };

  constructor(specs: readonly LoadedSpec[]) {
    this.ajv = { request: createAjv('request', specs), response: createAjv('response', specs) };
  }

  ref(purpose: Purpose, ref: string): ValidateFunction {
    return this.inline(purpose, ref, { $ref: ref });
  }

  inline(purpose: Purpose, key: string, schema: object): ValidateFunction {
    const known = this.done[purpose].get(key);
    if (known) return known.validate;
    const id = `https://authmock.local/compiled/${purpose}/${this.done[purpose].size}`;
    this.ajv[purpose].addSchema(schema, id);
    let validate: ValidateFunction | undefined;
    try {
      validate = this.ajv[purpose].getSchema(id) as ValidateFunction;
    } catch (err) {
      this.ajv[purpose].removeSchema(id);
      throw err;
    }
    this.done[purpose].set(key, { id, validate });
    return validate;
  }

  /** how many validators it compiled, per purpose: `exportCode(since)` writes those after an earlier count */
  count(): Record<Purpose, number> {
    return { request: this.done.request.size, response: this.done.response.size };
  }

  /** One CommonJS module per purpose exporting the validators compiled after `since` (all by default), and the key of each export. */
  exportCode(since: Record<Purpose, number> = { request: 0, response: 0 }): ExportedCode {
    const standaloneCode = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js').default;
    const code = {} as Record<Purpose, string>;
    const manifest = {} as Record<Purpose, Record<string, string>>;
    for (const purpose of ['request', 'response'] as const) {
      const exports: Record<string, string> = {};
      manifest[purpose] = {};
      [...this.done[purpose].entries()].slice(since[purpose]).forEach(([key, { id }]: [string, Compiled | { id: string }], i) => {
        exports[`v${i}`] = id;
        manifest[purpose][key] = `v${i}`;
      });
      code[purpose] = standaloneCode(this.ajv[purpose], exports);
    }
    return { code, manifest };
  }
}

export interface ExportedCode {
  code: Record<Purpose, string>;
  manifest: Record<Purpose, Record<string, string>>;
}

/** Validators from standalone code: each purpose's exports, and which export holds which key. */
export interface LoadedValidators {
  modules: Record<Purpose, Record<string, ValidateFunction>>;
  manifest: Record<Purpose, Record<string, string>>;
}

/**
 * Validators loaded from standalone code written by earlier starts with the same specs
 * (the modules `exportCode` wrote, run by compile-specs.ts): the entry of the first start,
 * then what later ones compiled besides, newest last. Anything not found there is compiled
 * live and kept for `live` to export, so a stale entry can only cost time.
 */
export class CachedCompiler implements SchemaCompiler {
  /** what this process compiled that no cached module held */
  live?: LiveCompiler;

  constructor(
    private readonly specs: readonly LoadedSpec[],
    private readonly loaded: readonly LoadedValidators[],
  ) {}

  ref(purpose: Purpose, ref: string): ValidateFunction {
    return this.inline(purpose, ref, { $ref: ref });
  }

  inline(purpose: Purpose, key: string, schema: object): ValidateFunction {
    for (const { modules, manifest } of this.loaded) {
      const name = manifest[purpose][key];
      const found = name ? modules[purpose][name] : undefined;
      if (found) return found;
    }
    this.live ??= new LiveCompiler(this.specs);
    return this.live.inline(purpose, key, schema);
  }
}
