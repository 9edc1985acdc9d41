#!/usr/bin/env node
// Bundles the compiled server into a few ESM files, so the bin loads a handful of modules
// instead of hundreds: start-up time is a feature (see the benchmark). Whitespace and
// syntax are minified to cut parse time, names are kept for readable stack traces.
// Commands load their own chunks (`check` is not parsed by `serve`). better-sqlite3
// stays external because it is a native addon.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: { authmock: 'dist/cli/main.js' },
  outdir: 'dist/bundle',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // yaml is required lazily (src/spec/parse-yaml.ts): a start from the cache never loads it.
  // Spectral (`authmock lint`) loads from node_modules: its ruleset bundler runs rollup and
  // resolves the rulesets' own imports there at run time.
  external: ['better-sqlite3', 'yaml', '@stoplight/*', 'fast-glob'],
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // CommonJS dependencies inside an ESM bundle still need require.
  banner: { js: "import { createRequire as __authmockRequire } from 'node:module'; const require = __authmockRequire(import.meta.url);" },
  legalComments: 'none',
});
