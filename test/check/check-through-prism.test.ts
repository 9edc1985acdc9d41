import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, runCheck, startAuthmock, startPrism, stopAll, type Started } from './support.js';

/**
 * An independent implementation judges every answer: the checker's cases go through
 * Prism's validating proxy, which fails any answer that breaks the spec with a 500.
 * Prism ignores the specs' server paths: it serves the spec paths (/V1/...) at its
 * root and appends them to the upstream URL, so the commerce upstream is <authmock>/rest.
 */
describe('authmock check through Prism validating proxies', () => {
  let server: Started;
  let commerce: Started;
  let social: Started;

  beforeAll(async () => {
    server = await startAuthmock();
    // Request validation off: Prism would answer bad requests itself, and the point is its verdict on authmock's answers.
    const proxy = (spec: string, upstream: string) => startPrism(['proxy', spec, upstream, '--errors', '--validate-request', 'false']);
    [commerce, social] = await Promise.all([
      proxy('specs/commerce.openapi.yaml', `${server.url}/rest`),
      proxy('specs/social.openapi.yaml', server.url),
    ]);
  });
  afterAll(stopAll);

  it('passes every case Prism can judge, and says why the others were skipped', async () => {
    const run = await runCheck(['--commerce-url', commerce.url, '--social-url', social.url, '--proxy-safe']);
    expect(failures(run.report), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.report.totals.cases.passed).toBeGreaterThan(100);
    const reasons = run.report.skipped.map((s) => s.reason).join('\n');
    expect(reasons).toMatch(/XML case: Prism 5.14 parses no XML request bodies/);
    expect(reasons).toMatch(/--proxy-safe: Prism checks the security requirements itself/);
    expect(reasons).toMatch(/--proxy-safe: Prism's own body parser answers malformed JSON/);
    // The answers really came from authmock, through Prism.
    expect(commerce.output()).toMatch(/Forwarding "get" request to http:\/\/127\.0\.0\.1:\d+\/rest\/V1\/customers\/me/);
    expect(social.output()).toMatch(/Forwarding "post" request to http:\/\/127\.0\.0\.1:\d+\/socialapi\/auth\/post\/logout/);
    expect(commerce.output() + social.output()).not.toMatch(/VIOLATIONS/);
  });
});
