import { defineConfig } from 'vitest/config';

// The in-process suites only, for `npm run mutation`: tests that start the real bin or a
// browser would run once per mutant and take hours.
export default defineConfig({
  test: {
    include: ['test/commerce/**/*.test.ts', 'test/social/**/*.test.ts', 'test/hardening/**/*.test.ts', 'test/robustness/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
