import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken, makeApp } from '../support/make-app.js';
import type { Handler } from '../../src/pipeline/stages.js';

describe('answers are checked against the spec', () => {
  it("turns a handler answer that lost a required field into the API's 500 and reports it", async () => {
    const loseEmail: Handler = (ctx) => {
      const { email: _email, ...rest } = (ctx.principal as { identity: { record: Record<string, unknown> } }).identity.record;
      return { status: 200, body: rest };
    };
    const t = makeApp({}, { handlers: { commerce: { getCurrentCustomer: loseEmail } }, expectViolations: true });
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/customers/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/^Internal Error\. Details are available in Magento log file\. Report ID: webapi-[0-9a-f]+$/);
    expect(t.violations).toHaveLength(1);
    expect(t.violations[0]).toMatchObject({ api: 'commerce', operationId: 'getCurrentCustomer', status: 200 });
    expect(t.violations[0].problems.join()).toContain('email');
  });

  it('reports a field of the wrong type in a social answer', async () => {
    const t = makeApp(
      {},
      {
        handlers: { social: { getProfile: () => ({ status: 200, body: { status: true, user: { userId: 'one' }, count: 3 } }) } },
        expectViolations: true,
      },
    );
    const login = await t.http
      .post('/socialapi/auth/post/login')
      .send({ ...ACCOUNTS.app, username: 'jane.doe', password: ACCOUNTS.jane.password });
    const res = await t.http.get('/socialapi/user/get/profile').set('Authorization', `Bearer ${login.body.user.userToken}`);
    expect(res.status).toBe(500);
    expect(res.body.status).toBe(false);
    expect(t.violations[0].operationId).toBe('getProfile');
  });

  it('checks a status declared only through `default` against the default schema', async () => {
    const t = makeApp({}, { handlers: { commerce: { getCurrentCustomer: () => ({ status: 202, body: {} }) } }, expectViolations: true });
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/customers/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(500);
    expect(t.violations[0]).toMatchObject({ operationId: 'getCurrentCustomer', status: 202 });
    expect(t.violations[0].problems.join()).toContain("required property 'message'");
  });

  it("turns an exception in a handler into the API's 500 without details in production", async () => {
    const t = makeApp(
      {},
      {
        handlers: {
          commerce: {
            getCurrentCustomer: () => {
              throw new Error('secret detail');
            },
          },
        },
      },
    );
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/customers/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
  });
});
