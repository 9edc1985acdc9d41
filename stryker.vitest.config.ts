import { defineConfig } from 'vitest/config';

// The unit tests beside the mutated auth core, for `npm run mutation`: pure functions given a
// Directory stub, so each mutant runs in milliseconds (the HTTP suites would take hours).
export default defineConfig({
  test: {
    include: [
      'src/auth/authenticate.test.ts',
      'src/auth/credentials.test.ts',
      'src/auth/verify-credential.test.ts',
      'src/auth/challenges.test.ts',
    ],
    testTimeout: 30_000,
  },
});
