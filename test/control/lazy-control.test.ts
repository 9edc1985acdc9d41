import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

// The control API is built on its first request (src/http/create-http-parts.ts): a build
// that fails answers that request, and the next, with a clear 500; the mocked APIs never wait for it.
describe('the control API, built on its first request', () => {
  it('answers 500 problem+json when it cannot be built, and the mocked APIs still answer', async () => {
    const t = makeApp({ controlSpec: '/nonexistent/control.openapi.yaml' });
    await t.http.get('/rest/V1/directory/countries').expect(200);
    for (let i = 0; i < 2; i++) {
      const res = await t.http.get('/__authmock/clock').expect(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.detail).toMatch(/control API could not be built/);
    }
  });

  it('is built once and answers every request after', async () => {
    const t = makeApp();
    const [a, b] = await Promise.all([t.http.get('/__authmock/clock'), t.http.get('/__authmock/clock')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await t.http.get('/__authmock/clock').expect(200);
  });
});
