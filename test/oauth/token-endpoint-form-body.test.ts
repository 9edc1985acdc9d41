import { describe, expect, it } from 'vitest';
import { am, BILLING, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

describe('the token endpoint reads a form body, each parameter once (RFC 6749 §3.2)', () => {
  const post = (body: string, headers: Record<string, string>, url = `${am.url}/__ns/strict/__oauth/token`) =>
    fetch(url, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const secretForm = 'grant_type=password&client_id=portal&client_secret=portal-secret&username=alice&password=alice-pass-1';

  it('refuses a form sent as text/plain, and the journal shows it with its secrets masked', async () => {
    const res = await post(secretForm, { 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(res.body.error_description).toMatch(/x-www-form-urlencoded/);
    const journal = await (await fetch(`${am.url}/__ns/strict/__authmock/requests?limit=1`)).text();
    expect(journal).toContain('grant_type=password');
    expect(journal).not.toContain('portal-secret');
    expect(journal).not.toContain('alice-pass-1');
  });

  it('refuses parameters in the URL and parameters sent twice', async () => {
    const inUrl = await post('', {}, `${am.url}/__ns/strict/__oauth/token?${secretForm}`);
    expect(inUrl).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BILLING };
    for (const twice of ['grant_type=client_credentials&grant_type=password', 'grant_type=client_credentials&scope=a&scope=b']) {
      const res = await post(twice, form);
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
      expect(res.body.error_description).toMatch(/more than once/);
    }
    expect((await post('grant_type=client_credentials', form)).status).toBe(200);
  });

  it('also reads a JSON object of strings, as some servers do', async () => {
    const res = await post(JSON.stringify({ grant_type: 'client_credentials' }), {
      'Content-Type': 'application/json',
      Authorization: BILLING,
    });
    expect(res.status).toBe(200);
  });
});
