import { describe, expect, it } from 'vitest';
import { customerToken, makeApp, socialToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { SOCIAL, bearer } from '../support/wire.js';

const app = useApp();
const TOKEN_REJECTED = { status: false, message: 'The userToken is missing, invalid or revoked.' };
const JANE_PROFILE = {
  status: true,
  user: {
    userId: 1,
    email: 'jane@example.com',
    username: 'jane.doe',
    gender: 'female',
    thumbnail: 'http://127.0.0.1:4010/socialapi/static/thumbs/jane.doe.png',
  },
  count: '3',
};

function expectRejected(res: { status: number; body: unknown }): void {
  expect(res.status).toBe(401);
  expect(res.body).toEqual(TOKEN_REJECTED);
}

describe('GET /socialapi/user/get/profile', () => {
  it('answers {status, user, count} without the userToken for a Bearer token', async () => {
    const t = app();
    const res = await t.http.get(SOCIAL.profile).set(bearer(await socialToken(t)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(JSON.stringify(JANE_PROFILE));
    expect(res.body.user).not.toHaveProperty('userToken');
  });

  it('accepts the token as a userToken query parameter', async () => {
    const t = app();
    const res = await t.http.get(SOCIAL.profile).query({ userToken: await socialToken(t) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JANE_PROFILE);
  });

  it('answers 401 {status: false, message} without a token', async () => {
    const t = app();
    expectRejected(await t.http.get(SOCIAL.profile));
  });

  it('answers 401 for an unknown or malformed token', async () => {
    const t = app();
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer('A'.repeat(43))));
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer('short')));
    expectRejected(await t.http.get(SOCIAL.profile).query({ userToken: 'not a token' }));
  });

  it('answers 401 for a commerce token', async () => {
    const t = app();
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer(await customerToken(t))));
  });
});

describe('POST /socialapi/auth/post/logout', () => {
  it('revokes a Bearer token: {status: true, message}, then 401 for that token', async () => {
    const t = app();
    const token = await socialToken(t);
    const res = await t.http.post(SOCIAL.logout).set(bearer(token));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['status', 'message']);
    expect(res.body.status).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer(token)));
  });

  it('accepts the token as a userToken field of a JSON body', async () => {
    const t = app();
    const token = await socialToken(t);
    await t.http.post(SOCIAL.logout).send({ userToken: token }).expect(200);
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer(token)));
  });

  it('accepts the token as a userToken field of a form or multipart body', async () => {
    const t = app();
    const first = await socialToken(t);
    await t.http.post(SOCIAL.logout).type('form').send({ userToken: first }).expect(200);
    expectRejected(await t.http.get(SOCIAL.profile).query({ userToken: first }));
    const second = await socialToken(t);
    await t.http.post(SOCIAL.logout).field('userToken', second).expect(200);
    expectRejected(await t.http.get(SOCIAL.profile).query({ userToken: second }));
  });

  it('accepts the token as a userToken query parameter', async () => {
    const t = app();
    const token = await socialToken(t);
    await t.http.post(SOCIAL.logout).query({ userToken: token }).expect(200);
    expectRejected(await t.http.get(SOCIAL.profile).query({ userToken: token }));
  });

  it('revokes only the presented token: another token of the same user still works', async () => {
    const t = app();
    const first = await socialToken(t);
    const second = await socialToken(t);
    await t.http.post(SOCIAL.logout).set(bearer(first)).expect(200);
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer(first)));
    const res = await t.http.get(SOCIAL.profile).set(bearer(second));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JANE_PROFILE);
  });

  it('answers 401 when the token was already logged out', async () => {
    const t = app();
    const token = await socialToken(t);
    await t.http.post(SOCIAL.logout).set(bearer(token)).expect(200);
    expectRejected(await t.http.post(SOCIAL.logout).set(bearer(token)));
  });

  it('answers 401 {status: false, message} without a token', async () => {
    const t = app();
    expectRejected(await t.http.post(SOCIAL.logout));
    expectRejected(await t.http.post(SOCIAL.logout).send({}));
  });

  it('answers 401 for a commerce token', async () => {
    const t = app();
    const token = await customerToken(t);
    expectRejected(await t.http.post(SOCIAL.logout).set(bearer(token)));
  });
});

describe('social userToken lifetime', () => {
  it('accepts a userToken before its configured lifetime is over and answers 401 after it', async () => {
    const t = makeApp({ tokenLifetimes: { social: 60 } });
    const token = await socialToken(t);
    t.clock.advance(59);
    await t.http.get(SOCIAL.profile).set(bearer(token)).expect(200);
    t.clock.advance(2);
    expectRejected(await t.http.get(SOCIAL.profile).set(bearer(token)));
    expectRejected(await t.http.post(SOCIAL.logout).set(bearer(token)));
  });

  it('never expires a userToken when no lifetime is configured', async () => {
    const t = app();
    const token = await socialToken(t);
    t.clock.advance(10 * 365 * 24 * 3600);
    await t.http.get(SOCIAL.profile).set(bearer(token)).expect(200);
  });
});
