import type { AddressInfo } from 'node:net';
import { makeApp } from '../../support/make-app.js';

/**
 * A fresh in-process app (memory store, fixtures) on a loopback port, so the fuzzer
 * speaks raw HTTP to it as to any server, plus the spec violations the app reports.
 */
export async function serveInProcess(): Promise<{ baseUrl: string; takeViolations: () => unknown[]; close: () => Promise<void> }> {
  // the fuzz tests assert on the violations themselves, per request
  const t = makeApp({}, { expectViolations: true });
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    takeViolations: () => t.violations.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
