import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: CI installs it (.ci/run); the tests drive it with playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';

/** A browser test is skipped only on a developer machine without it; on CI a missing browser fails the run. */
export const NO_CHROMIUM = !existsSync(CHROMIUM) && !process.env.CI;

// headless, and nothing of the browser's own reaching outside the machine (updates, sync, QUIC probes)
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium as every browser test starts it, with a test's own flags after (a host resolver rule). */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extra] });
}
