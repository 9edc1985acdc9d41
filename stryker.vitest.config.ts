import { defineConfig } from 'vitest/config';

// The in-process suites covering the mutated files, for `npm run mutation`: the whole suite,
// or tests that start the real bin or a browser, would run per mutant and take hours.
export default defineConfig({
  test: {
    include: [
      'test/commerce/lockout.test.ts',
      'test/commerce/token-endpoints.test.ts',
      'test/commerce/customer-by-id.test.ts',
      'test/commerce/cors.test.ts',
      'test/hardening/pinned-behaviours.test.ts',
      'test/hardening/token-ids.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
