import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from './lib/run-fuzz.js';
import { formatReport } from './lib/format-report.js';
import { readFuzzSettings } from './lib/read-fuzz-settings.js';
import { serveInProcess } from './lib/serve-in-process.js';

const ROOT = join(import.meta.dirname, '..', '..');

// The full run (10,000 requests per API by default) takes minutes, so it is not part of
// `npm test`: `npm run fuzz` (scripts/fuzz.mjs) sets AUTHMOCK_FUZZ_COUNT and runs this file.
const requested = process.env.AUTHMOCK_FUZZ_COUNT !== undefined || process.env.AUTHMOCK_FUZZ_ONLY !== undefined;

describe('the spec-driven fuzzer, full run', () => {
  it.skipIf(!requested)(
    'finds nothing wrong (skipped unless run by `npm run fuzz`, which sets AUTHMOCK_FUZZ_COUNT)',
    async () => {
      const settings = readFuzzSettings(process.env);
      const server = settings.target ? undefined : await serveInProcess();
      try {
        const report = await runFuzz({
          root: ROOT,
          baseUrl: settings.target ?? server!.baseUrl,
          seed: settings.seed,
          count: settings.count,
          apis: settings.apis,
          concurrency: settings.concurrency,
          only: settings.only,
          takeViolations: server?.takeViolations,
        });
        const text = formatReport(report);
        mkdirSync(join(ROOT, 'reports'), { recursive: true });
        writeFileSync(join(ROOT, 'reports', 'fuzz.txt'), `${text}\n`);
        process.stdout.write(`${text}\n(written to reports/fuzz.txt)\n`);
        expect(report.findingCount, `findings: see reports/fuzz.txt (seed ${report.seed})`).toBe(0);
      } finally {
        await server?.close();
      }
    },
    3_600_000,
  );
});
