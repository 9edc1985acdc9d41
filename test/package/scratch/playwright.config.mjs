// Playwright with authmock started in its globalSetup; browsers are never downloaded:
// the system's Chromium is used.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  globalSetup: './playwright-setup.mjs',
  use: { launchOptions: { executablePath: '/usr/bin/chromium' } },
  reporter: 'line',
});
