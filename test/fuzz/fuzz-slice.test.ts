import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from './lib/run-fuzz.js';
import { formatReport } from './lib/format-report.js';
import { serveInProcess } from './lib/serve-in-process.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** Fixed, so CI sees the same 2,000 requests every run; `npm run fuzz` explores other seeds. */
const SEED = 20261123;

describe('the spec-driven fuzzer, a seeded slice (issue #14)', () => {
  it('gets no 5xx, no answer off the spec, no echoed secret and no hang from 1,000 requests per API', async () => {
    const server = await serveInProcess();
    try {
      const report = await runFuzz({
        root: ROOT,
        baseUrl: server.baseUrl,
        seed: SEED,
        count: 1000,
        apis: ['commerce', 'social'],
        concurrency: 4,
        takeViolations: server.takeViolations,
      });
      expect(report.stats.commerce?.requests).toBe(1000);
      expect(report.stats.social?.requests).toBe(1000);
      expect(report.findingCount, formatReport(report)).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});
