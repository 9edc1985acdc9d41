import { defineConfig } from 'vitest/config';

// The unit tests beside the mutated auth core, for `npm run mutation`: pure functions given a
// Directory stub, so each mutant runs in milliseconds (the HTTP suites would take hours).
export default defineConfig({
  test: {
    include: [
      'src/auth/authenticate.test.ts',
      'src/auth/authenticate-token-per-scheme.test.ts',
      'src/auth/evaluate-security.test.ts',
      'src/auth/credentials.test.ts',
      'src/auth/verify-credential.test.ts',
      'src/auth/verify-credential-scheme-fit.test.ts',
      'src/auth/verify-credential-server-jwts.test.ts',
      'src/auth/verify-credential-signed-requests.test.ts',
      'src/auth/challenges.test.ts',
    ],
    testTimeout: 30_000,
  },
});
