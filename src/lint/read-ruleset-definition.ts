import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RulesetDefinition } from '@stoplight/spectral-core';

// Spectral's own ruleset loading, as its CLI does it: a YAML or JSON ruleset is migrated to
// JavaScript, then bundled with rollup (Spectral's packages come from this process, so
// that functions and formats are the same objects). Loaded through require: the bundler's
// type declarations pull the DOM library into the whole program.
const requireCjs = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

interface Bundler {
  bundleRuleset(file: string, options: { target: 'node'; format: 'commonjs'; plugins: unknown[] }): Promise<string>;
}

/**
 * Reads a ruleset file into its definition without building a Ruleset from it: a user's
 * ruleset may change rules (`owasp:...: off`) that only exist once it sits on top of
 * authmock's, which standalone validation would reject.
 */
export async function readRulesetDefinition(file: string): Promise<RulesetDefinition> {
  const { bundleRuleset } = requireCjs('@stoplight/spectral-ruleset-bundler') as Bundler;
  const { node } = requireCjs('@stoplight/spectral-ruleset-bundler/presets/node') as { node: (io: unknown) => unknown[] };
  const { stdin } = requireCjs('@stoplight/spectral-ruleset-bundler/plugins/stdin') as { stdin: (code: string, file: string) => unknown };
  const { builtins } = requireCjs('@stoplight/spectral-ruleset-bundler/plugins/builtins') as { builtins: () => unknown };
  const { commonjs } = requireCjs('@stoplight/spectral-ruleset-bundler/plugins/commonjs') as { commonjs: () => unknown };
  const { isBasicRuleset, migrateRuleset } = requireCjs('@stoplight/spectral-ruleset-migrator') as {
    isBasicRuleset: (file: string) => Promise<boolean>;
    migrateRuleset: (file: string, options: { format: 'esm'; fs: typeof fs }) => Promise<string>;
  };
  const { fetch } = requireCjs('@stoplight/spectral-runtime') as { fetch: unknown };

  let entry = file;
  const plugins = [builtins(), commonjs(), ...node({ fs, fetch })];
  if (await isBasicRuleset(file)) {
    entry = join(dirname(file), '.spectral.js');
    plugins.unshift(stdin(await migrateRuleset(file, { format: 'esm', fs }), entry));
  }
  const code = await bundleRuleset(entry, { target: 'node', format: 'commonjs', plugins });
  return evaluate(code, file);
}

/** Runs the bundle; its bare imports resolve from the ruleset's directory, then from authmock's. */
function evaluate(code: string, file: string): RulesetDefinition {
  const load = createRequire(file);
  const paths = [dirname(file), here];
  const module: { exports?: unknown } = {};
  // As Spectral's CLI loads them: the bundle is CommonJS code that assigns module.exports.
  new Function('module, require', code)(module, (id: string) => load(load.resolve(id, { paths })));
  if (module.exports === null || typeof module.exports !== 'object') throw new Error('the ruleset exports no ruleset object');
  return module.exports as RulesetDefinition;
}
