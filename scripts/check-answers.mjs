#!/usr/bin/env node
// Makes every 2xx JSON answer of every operation of the specs given, once, as `serve` would
// answer it (the spec's example, else a value made from the schema), and validates it against
// its response schema with authmock's own compiled validator. For specs you did not write (a
// vendor's): `npm run build`, then
//   node scripts/check-answers.mjs path/to/spec.yaml [...]
// Prints per spec how many answers were made and which failed (operation, status, first error);
// exit status 1 when any failed. test/realistic/realistic-answers.test.ts does the same for the
// repository's specs.
import { resolve } from 'node:path';
import { defaultConfig } from '../dist/config.js';
import { createRuntime } from '../dist/runtime/create-runtime.js';
import { MemoryStore } from '../dist/store/memory-store.js';
import { createLogger } from '../dist/log/create-logger.js';

const ROOT = resolve(import.meta.dirname, '..');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/check-answers.mjs <spec> [...]');
  process.exit(2);
}

let failedAny = false;
for (const file of files) {
  const started = performance.now();
  const config = { ...defaultConfig(ROOT), specs: [resolve(file)], state: 'memory', cacheDir: undefined, logLevel: 'silent' };
  const runtime = await createRuntime({ config, store: new MemoryStore(), log: createLogger('silent') });
  const failures = [];
  let made = 0;
  for (const api of runtime.apis.filter((a) => !a.builtIn && a.model)) {
    for (const op of api.model.operations) {
      for (const [status, media] of op.responses) {
        if (!/^2\d\d$/.test(status)) continue;
        for (const [type, validate] of media.byType) {
          if (!media.schemaAt.has(type) || !/json/.test(type)) continue;
          made++;
          const body = api.sample(op, status, type, { pathParams: {} });
          if (!validate(body)) failures.push(`${op.operationId} ${status} ${type}: ${JSON.stringify(validate.errors?.[0])}`);
        }
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${file}: ${made} answers made, ${failures.length} invalid (${seconds} s)`);
  for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
  if (failures.length > 20) console.log(`  ... and ${failures.length - 20} more`);
  failedAny ||= failures.length > 0;
}
process.exit(failedAny ? 1 : 0);
