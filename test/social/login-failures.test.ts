import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { SOCIAL } from '../support/wire.js';

const app = useApp();
const { jane } = ACCOUNTS;
const APP = ACCOUNTS.app;

describe('social login with missing fields', () => {
  it('answers 400 naming each missing field (password and apiKey)', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, secretKey: APP.secretKey });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body)).toEqual(['status', 'message']);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toMatch(/\bpassword\b/);
    expect(res.body.message).toMatch(/\bapiKey\b/);
    expect(res.body.message).not.toMatch(/secretKey|username/);
  });

  it('names every field when nothing is sent', async () => {
    const t = app();
    for (const req of [t.http.post(SOCIAL.login).send({}), t.http.post(SOCIAL.login)]) {
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(false);
      for (const field of ['username', 'password', 'apiKey', 'secretKey']) expect(res.body.message).toContain(field);
    }
  });

  it('names the login name when neither username nor email is sent', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ password: jane.password, ...APP });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toMatch(/username|email/);
    expect(res.body.message).not.toMatch(/password|apiKey|secretKey/);
  });

  it('names the missing field in a multipart body', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).field('email', jane.username).field('apiKey', APP.apiKey).field('secretKey', APP.secretKey);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toContain('password');
  });

  it('refuses an empty field with 400 naming it', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, password: '', ...APP });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.message).toContain('password');
  });
});

describe('social login refusals', () => {
  it('answers 401 "Invalid API credentials." for an unknown client app', async () => {
    const t = app();
    const res = await t.http
      .post(SOCIAL.login)
      .send({ username: jane.username, password: jane.password, apiKey: 'other-app', secretKey: APP.secretKey });
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(SOCIAL.invalidApiCredentials));
  });

  it('answers 401 "Invalid API credentials." for a wrong secret', async () => {
    const t = app();
    const res = await t.http
      .post(SOCIAL.login)
      .send({ username: jane.username, password: jane.password, apiKey: APP.apiKey, secretKey: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SOCIAL.invalidApiCredentials);
  });

  it('checks the client app before the user', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: 'nobody', password: 'x', apiKey: APP.apiKey, secretKey: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SOCIAL.invalidApiCredentials);
  });

  it('answers 401 with the invalid-credentials message for a wrong password', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, password: 'wrong-password', ...APP });
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(SOCIAL.invalidCredentials));
  });

  it('answers 401 with the same message for an unknown user', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ email: 'nobody@example.com', password: jane.password, ...APP });
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(SOCIAL.invalidCredentials));
  });

  it('answers 403 for an account whose e-mail is not verified', async () => {
    const t = app();
    const { username, password } = ACCOUNTS.unverified;
    const res = await t.http.post(SOCIAL.login).send({ username, password, ...APP });
    expect(res.status).toBe(403);
    expect(res.text).toBe(JSON.stringify(SOCIAL.notVerified));
  });

  it('answers 403 "This account still requires admin approval." for a verified account not yet approved', async () => {
    const t = app();
    const { email, password } = ACCOUNTS.pending;
    const res = await t.http.post(SOCIAL.login).send({ email, password, ...APP });
    expect(res.status).toBe(403);
    expect(res.text).toBe(JSON.stringify(SOCIAL.notApproved));
  });

  it('issues no token on any refusal', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, password: 'nope', ...APP });
    expect(res.body).not.toHaveProperty('user');
  });
});

describe('social login and user enumeration', () => {
  // Only the answers are compared; timings are not asserted (they would make the suite flaky).
  it('gives an unknown user and a wrong password the same status and body', async () => {
    const t = app();
    const unknown = await t.http.post(SOCIAL.login).send({ username: 'no.such.user', password: 'some-password', ...APP });
    const wrong = await t.http.post(SOCIAL.login).send({ username: jane.username, password: 'some-password', ...APP });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('gives the same answer whether the unknown name looks like an e-mail or a username', async () => {
    const t = app();
    const byMail = await t.http.post(SOCIAL.login).send({ email: 'ghost@example.com', password: 'x', ...APP });
    const byName = await t.http.post(SOCIAL.login).send({ username: 'ghost', password: 'x', ...APP });
    const wrong = await t.http.post(SOCIAL.login).send({ email: jane.email, password: 'x', ...APP });
    expect([byMail.status, byName.status]).toEqual([wrong.status, wrong.status]);
    expect([byMail.text, byName.text]).toEqual([wrong.text, wrong.text]);
  });
});
