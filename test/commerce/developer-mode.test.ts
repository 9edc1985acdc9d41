import { describe, expect, it } from 'vitest';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();

describe('commerce developer mode', () => {
  const devApp = useApp({ developerMode: true });

  it('adds a trace string to a platform error such as the 401 permission error', async () => {
    const t = devApp();
    const res = await t.http.get(COMMERCE.me);
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(['message', 'parameters', 'trace']);
    expect(res.body).toMatchObject(COMMERCE.notAuthorized('self'));
    expect(typeof res.body.trace).toBe('string');
  });

  it('adds trace: null to an error raised by the web API framework such as "Request does not match any route."', async () => {
    const t = devApp();
    const res = await t.http.get('/rest/V1/nope');
    expect(res.status).toBe(404);
    expect(res.text).toBe(JSON.stringify({ ...COMMERCE.noRoute, trace: null }));
  });

  it('shows the decoder message for malformed JSON', async () => {
    const t = devApp();
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'application/json').send('{');
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith('Decoding error: \n')).toBe(true);
  });

  it('has no trace in production mode', async () => {
    const t = app();
    for (const path of [COMMERCE.me, '/rest/V1/nope']) {
      const res = await t.http.get(path);
      expect(res.body, path).not.toHaveProperty('trace');
    }
  });
});
