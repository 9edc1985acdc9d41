#!/usr/bin/env node
// npm run fuzz [-- --seed N --count N --target URL --only api:index --concurrency N --apis commerce,social]
// The fuzzer is TypeScript (test/fuzz/lib/, next to the test helpers it uses), so this runs it
// through vitest: test/fuzz/fuzz-full.test.ts, which is skipped unless AUTHMOCK_FUZZ_COUNT is set.
// Exits non-zero when any request had a finding; the report is printed and kept in reports/fuzz.txt.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string', default: '10000' },
    target: { type: 'string' },
    only: { type: 'string' },
    concurrency: { type: 'string' },
    apis: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`npm run fuzz -- [--seed N] [--count N per API, default 10000] [--target http://127.0.0.1:PORT]
                   [--only commerce:123] [--concurrency 4] [--apis commerce,social]
Without --target a fresh in-process app is fuzzed. See docs/fuzz-and-soak.md.`);
  process.exit(0);
}
const seed = values.seed ?? String(Date.now() % 1_000_000);
const env = { ...process.env, AUTHMOCK_FUZZ_SEED: seed, AUTHMOCK_FUZZ_COUNT: values.count };
if (values.target) env.AUTHMOCK_FUZZ_TARGET = values.target;
if (values.only) env.AUTHMOCK_FUZZ_ONLY = values.only;
if (values.concurrency) env.AUTHMOCK_FUZZ_CONCURRENCY = values.concurrency;
if (values.apis) env.AUTHMOCK_FUZZ_APIS = values.apis;
console.log(`fuzzing with seed ${seed}, ${values.count} requests per API${values.target ? ` against ${values.target}` : ' in-process'}`);
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', 'test/fuzz/fuzz-full.test.ts', '--reporter=dot'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
