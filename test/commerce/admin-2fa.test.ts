import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { ACCOUNTS, makeApp, type TestApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { adminToIdentity, identityToAdmin } from '../../src/apis/commerce/identities.js';

/** The default admin's Google Authenticator secret (fixtures/commerce.yaml, docs/built-in-apis.md). */
const ADMIN_SECRET = 'JBSWY3DPEHPK3PXP';
const GOOGLE = '/rest/V1/tfa/provider/google/authenticate';
const ADMIN_TOKEN = '/rest/V1/integration/admin/token';

/** The code an authenticator app shows at the app's clock, by an independent TOTP library. */
function codeAt(t: TestApp, offsetSeconds = 0, secret = ADMIN_SECRET): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now() + offsetSeconds * 1000 });
}

async function changeAdmin(t: TestApp, username: string, change: (a: ReturnType<typeof identityToAdmin>) => void) {
  await t.http.get('/rest/V1/directory/currency').expect(200); // the namespace exists once a request met it
  const found = await t.store.identities.find({ ns: 'default', api: 'commerce', kind: 'admin', key: username });
  const admin = identityToAdmin(found!);
  change(admin);
  await t.store.identities.put({ ns: 'default', identity: adminToIdentity(admin) });
}

describe('with --admin-2fa', () => {
  const app = useApp({ admin2fa: true });

  it('refuses the admin token route after a good password, pointing to the provider endpoint', async () => {
    const res = await app().http.post(ADMIN_TOKEN).send(ACCOUNTS.admin).expect(400);
    expect(res.body).toEqual({
      message: 'Please use the 2fa provider-specific endpoints to obtain a token.',
      parameters: { active_providers: ['google'] },
    });
  });

  it('still answers a wrong password on the admin token route with the generic 401', async () => {
    const res = await app()
      .http.post(ADMIN_TOKEN)
      .send({ ...ACCOUNTS.admin, password: 'wrong' })
      .expect(401);
    expect(res.body.message).toMatch(/^The account sign-in was incorrect/);
  });

  it('gives the admin token for the current Google code, and the token reads customers', async () => {
    const t = app();
    const res = await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t) })
      .expect(200);
    expect(res.body).toMatch(/^[0-9a-z]{32}$/);
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${res.body}`).expect(200);
  });

  it('accepts an XML body', async () => {
    const t = app();
    const xml = `<login><username>admin</username><password>admin123</password><otp>${codeAt(t)}</otp></login>`;
    await t.http.post(GOOGLE).set('Content-Type', 'application/xml').send(xml).expect(200);
  });

  it('answers 401 "Invalid code." for a wrong or empty code', async () => {
    const t = app();
    const wrong = String((Number(codeAt(t)) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (
        await t.http
          .post(GOOGLE)
          .send({ ...ACCOUNTS.admin, otp: wrong })
          .expect(401)
      ).body,
    ).toEqual({ message: 'Invalid code.' });
    expect(
      (
        await t.http
          .post(GOOGLE)
          .send({ ...ACCOUNTS.admin, otp: '' })
          .expect(401)
      ).body,
    ).toEqual({ message: 'Invalid code.' });
  });

  it('follows the namespace clock, with the 2.4.8 leeway of 29 seconds', async () => {
    const t = app();
    t.clock.ms = Date.UTC(2026, 0, 1, 0, 0, 10); // second 10 of a 30-second step
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t, -30) })
      .expect(200); // previous step
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t, 30) })
      .expect(200); // next step
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t, -60) })
      .expect(401);
    t.clock.advance(3600);
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t, -3600) })
      .expect(401);
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t) })
      .expect(200);
  });

  it('checks the password first: a wrong password with a good code is the generic 401', async () => {
    const t = app();
    const res = await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, password: 'wrong', otp: codeAt(t) })
      .expect(401);
    expect(res.body.message).toMatch(/^The account sign-in was incorrect/);
  });

  it('does not count a wrong code towards the lockout', async () => {
    const t = app();
    for (let i = 0; i < 8; i++)
      await t.http
        .post(GOOGLE)
        .send({ ...ACCOUNTS.admin, otp: '000000x' })
        .expect(401);
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t) })
      .expect(200);
  });

  it('answers 400 "Provider is not configured." for an admin without a Google secret', async () => {
    const t = app();
    await changeAdmin(t, 'admin', (a) => delete a.googleSecret);
    expect(
      (
        await t.http
          .post(GOOGLE)
          .send({ ...ACCOUNTS.admin, otp: '123456' })
          .expect(400)
      ).body,
    ).toEqual({ message: 'Provider is not configured.' });
    const res = await t.http.post(ADMIN_TOKEN).send(ACCOUNTS.admin).expect(400);
    expect(res.body).toEqual({
      message: 'You are required to configure personal Two-Factor Authorization in order to login. Please check your email.',
      parameters: { providers: ['google'], active_providers: [] },
    });
  });

  it('answers 400 "Provider is not allowed." when Google is not among the admin providers', async () => {
    const t = app();
    await changeAdmin(t, 'admin', (a) => (a.tfaProviders = []));
    expect(
      (
        await t.http
          .post(GOOGLE)
          .send({ ...ACCOUNTS.admin, otp: codeAt(t) })
          .expect(400)
      ).body,
    ).toEqual({ message: 'Provider is not allowed.' });
    expect((await t.http.post(ADMIN_TOKEN).send(ACCOUNTS.admin).expect(400)).body).toEqual({
      message: 'Please ask an administrator with sufficient access to configure 2FA first',
    });
  });

  it("sets and removes an admin's Google secret through the control API", async () => {
    const t = app();
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const set = await t.http.patch('/__authmock/identities/commerce/admins/1').send({ googleSecret: secret }).expect(200);
    expect(set.body.googleConfigured).toBe(true);
    expect(JSON.stringify(set.body)).not.toContain(secret);
    await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t, 0, secret) })
      .expect(200);
    await t.http.patch('/__authmock/identities/commerce/admins/1').send({ googleSecret: null }).expect(200);
    expect(
      (
        await t.http
          .post(GOOGLE)
          .send({ ...ACCOUNTS.admin, otp: codeAt(t, 0, secret) })
          .expect(400)
      ).body,
    ).toEqual({ message: 'Provider is not configured.' });
  });

  it('names the missing code with 400', async () => {
    const res = await app().http.post(GOOGLE).send(ACCOUNTS.admin).expect(400);
    expect(res.body).toEqual({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'otp' } });
  });
});

describe('without --admin-2fa', () => {
  it('has no Google provider route (404) and gives admin tokens as before', async () => {
    const t = makeApp();
    const res = await t.http
      .post(GOOGLE)
      .send({ ...ACCOUNTS.admin, otp: codeAt(t) })
      .expect(404);
    expect(res.body).toEqual({ message: 'Request does not match any route.' });
    await t.http.post(ADMIN_TOKEN).send(ACCOUNTS.admin).expect(200);
  });
});
