import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { SOCIAL } from '../support/wire.js';

const app = useApp();
const { jane } = ACCOUNTS;
const CREDENTIALS = { password: jane.password, ...ACCOUNTS.app };
const JANE_USER = {
  userId: 1,
  email: 'jane@example.com',
  username: 'jane.doe',
  gender: 'female',
  thumbnail: 'http://127.0.0.1:4010/socialapi/static/thumbs/jane.doe.png',
};

function expectJane(res: { status: number; body: any }): void {
  expect(res.status).toBe(201);
  expect(res.body.status).toBe(true);
  expect(res.body.user).toMatchObject(JANE_USER);
}

describe('social login bodies', () => {
  it('accepts a JSON body', async () => {
    const t = app();
    expectJane(await t.http.post(SOCIAL.login).send({ username: jane.username, ...CREDENTIALS }));
  });

  it('accepts a form-urlencoded body', async () => {
    const t = app();
    expectJane(
      await t.http
        .post(SOCIAL.login)
        .type('form')
        .send({ username: jane.username, ...CREDENTIALS }),
    );
  });

  it('accepts a multipart body', async () => {
    const t = app();
    expectJane(
      await t.http
        .post(SOCIAL.login)
        .field('username', jane.username)
        .field('password', jane.password)
        .field('apiKey', ACCOUNTS.app.apiKey)
        .field('secretKey', ACCOUNTS.app.secretKey),
    );
  });

  it('accepts a multipart login exactly as the PHP curl client sends it (username under email, clientId=12)', async () => {
    const t = app();
    const res = await t.http
      .post(SOCIAL.login)
      .field('apiKey', 'demo-mobile-app')
      .field('secretKey', 'demo-mobile-secret')
      .field('email', 'jane.doe')
      .field('password', 'jane-password-1')
      .field('clientId', '12');
    expectJane(res);
    // what the client reads from the answer
    expect(res.body.user.username).toBe('jane.doe');
    expect(res.body.user.email).toBe('jane@example.com');
  });

  it('ignores unknown extra fields', async () => {
    const t = app();
    const extra = { clientId: 12, deviceId: 'abc', deviceType: 'android', version: '2.1' };
    expectJane(await t.http.post(SOCIAL.login).send({ username: jane.username, ...CREDENTIALS, ...extra }));
    expectJane(
      await t.http
        .post(SOCIAL.login)
        .type('form')
        .send({ email: jane.username, ...CREDENTIALS, clientId: '12', foo: 'bar' }),
    );
  });

  it('accepts a JSON Content-Type with a charset', async () => {
    const t = app();
    const res = await t.http
      .post(SOCIAL.login)
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ username: jane.username, ...CREDENTIALS }));
    expectJane(res);
  });
});

describe('social login names', () => {
  it.each([
    ['username', 'the username', { username: 'jane.doe' }],
    ['username', 'the e-mail', { username: 'jane@example.com' }],
    ['email', 'the e-mail', { email: 'jane@example.com' }],
    ['email', 'the username', { email: 'jane.doe' }],
    ['email', 'the e-mail in capitals', { email: 'JANE@EXAMPLE.COM' }],
    ['username', 'the e-mail in mixed case', { username: 'Jane@Example.Com' }],
  ])('finds the user with the login name under %s holding %s', async (_key, _what, name) => {
    const t = app();
    expectJane(await t.http.post(SOCIAL.login).send({ ...name, ...CREDENTIALS }));
  });
});

describe('social login success', () => {
  it('answers 201 {status, user, count, message} with the user fields in the seed order', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, ...CREDENTIALS });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body)).toEqual(['status', 'user', 'count', 'message']);
    expect(Object.keys(res.body.user)).toEqual(['userId', 'email', 'username', 'userToken', 'gender', 'thumbnail']);
    expect(res.body).toEqual({
      status: true,
      user: { ...JANE_USER, userToken: expect.stringMatching(SOCIAL.tokenShape) },
      count: '3',
      message: expect.any(String),
    });
  });

  it('gives the unread count as a string', async () => {
    const t = app();
    const res = await t.http.post(SOCIAL.login).send({ username: jane.username, ...CREDENTIALS });
    expect(res.body.count).toBe('3');
  });

  it('issues a 43-character base64url userToken, different on every login', async () => {
    const t = app();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.http
        .post(SOCIAL.login)
        .send({ username: jane.username, ...CREDENTIALS })
        .expect(201);
      expect(res.body.user.userToken).toMatch(SOCIAL.tokenShape);
      tokens.add(res.body.user.userToken);
    }
    expect(tokens.size).toBe(5);
  });
});
