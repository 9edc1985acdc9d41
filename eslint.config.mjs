// ESLint over src/, test/ and scripts/: typescript-eslint's recommended rules, with the
// formatting left to Prettier (`npm run format:check`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'reports/**', 'coverage/**', '.stryker-tmp/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
        queueMicrotask: 'readonly',
        document: 'readonly',
        window: 'readonly',
        EventSource: 'readonly',
        crypto: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      // Spec, fixture and answer walkers read parsed YAML and JSON of any shape; `unknown`
      // there would only add casts at every step.
      '@typescript-eslint/no-explicit-any': 'off',
      // The escapers (HTML, XML, header values) match control characters on purpose.
      'no-control-regex': 'off',
      // a timer read by a callback before the one assignment that sets it
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
