#!/usr/bin/env node
// Bundles the compiled CLI into one CommonJS file, so the bin loads one script instead of
// hundreds of modules, and can run it with a V8 code cache (src/cli/load-bundle.ts), which
// Node 20 offers for scripts but not for ES modules: start-up time is a feature (see the
// benchmark). Whitespace and syntax are minified to cut parse time when there is no cache
// yet; names are kept for readable stack traces. Commands and optional parts (`check`,
// the Redis store, XML) stay behind lazy wrappers: a start runs only what it uses.
// `authmock lint` is not bundled: it runs from dist/lint (src/cli/main.ts says why).
// better-sqlite3 stays external because it is a native addon.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/bundle', { recursive: true, force: true });
const OUT = 'dist/bundle/authmock.cjs';
await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // yaml and Ajv are required lazily (src/spec/parse-yaml.ts, create-ajv.ts): a start from
  // the cache never loads them. Spectral (`authmock lint`) loads from node_modules: its
  // ruleset bundler runs rollup and resolves the rulesets' own imports there at run time.
  external: ['better-sqlite3', 'yaml', 'ajv', 'ajv-formats', 're2js', '@stoplight/*', 'fast-glob'],
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // The sources are ES modules: they find their own file (the package root, createRequire) by import.meta.url.
  define: { 'import.meta.url': '__authmockBundleUrl' },
  banner: { js: "var __authmockBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  legalComments: 'none',
});

// The bin runs the bundle as a script (src/spec/code-cache.ts), where import() fails.
if (/\bimport\(/.test(readFileSync(OUT, 'utf8')))
  throw new Error(`${OUT} contains an import(): bundle that module, or load it outside the bundle`);
