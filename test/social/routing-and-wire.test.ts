import { describe, expect, it } from 'vitest';
import { ACCOUNTS, makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { SOCIAL } from '../support/wire.js';

const app = useApp();
const LOGIN = { username: ACCOUNTS.jane.username, password: ACCOUNTS.jane.password, ...ACCOUNTS.app };

function expectFailure(res: { status: number; body: any; headers: Record<string, string> }, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['status', 'message']);
  expect(res.body.status).toBe(false);
  expect(typeof res.body.message).toBe('string');
}

describe('social routing', () => {
  it('answers 404 {status: false, message} for an unknown route', async () => {
    const t = app();
    for (const path of ['/socialapi/nope', '/socialapi/auth/post/nope', '/socialapi/']) {
      expectFailure(await t.http.get(path), 404);
    }
    expectFailure(await t.http.post('/socialapi/auth/post/register').send(LOGIN), 404);
  });

  it('answers 405 with an Allow header for another method on a known path', async () => {
    const t = app();
    const get = await t.http.get(SOCIAL.login);
    expectFailure(get, 405);
    expect(get.headers.allow).toBe('POST');
    const post = await t.http.post(SOCIAL.profile);
    expectFailure(post, 405);
    expect(post.headers.allow).toBe('GET');
    const del = await t.http.delete(SOCIAL.logout);
    expectFailure(del, 405);
    expect(del.headers.allow).toBe('POST');
  });
});

describe('social request bodies', () => {
  it('answers 415 {status: false, message} for an unsupported content type', async () => {
    const t = app();
    expectFailure(await t.http.post(SOCIAL.login).set('Content-Type', 'text/plain').send('username=jane.doe'), 415);
    expectFailure(
      await t.http.post(SOCIAL.login).set('Content-Type', 'application/xml').send('<login><username>jane.doe</username></login>'),
      415,
    );
  });

  it('answers 400 {status: false, message} for malformed JSON', async () => {
    const t = app();
    expectFailure(await t.http.post(SOCIAL.login).set('Content-Type', 'application/json').send('{"username": "jane.doe",'), 400);
  });

  it('answers 400 {status: false, message} for a JSON body that is not UTF-8', async () => {
    const t = app();
    const body = Buffer.from('{"username": "jan\u00e9", "password": "x"}', 'latin1');
    const res = await t.http
      .post(SOCIAL.login)
      .set('Content-Type', 'application/json')
      .serialize((b: Buffer) => b as unknown as string)
      .send(body);
    expectFailure(res, 400);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const t = app();
    expectFailure(await t.http.post(SOCIAL.login).set('Content-Type', 'application/json').send('["jane.doe"]'), 400);
  });

  it('answers 400 for a broken multipart body', async () => {
    const t = app();
    expectFailure(await t.http.post(SOCIAL.login).set('Content-Type', 'multipart/form-data').send('--x\r\n'), 400);
  });

  it('answers 413 {status: false, message} for a body over the limit', async () => {
    const t = makeApp({ bodyLimit: 1000 });
    const res = await t.http.post(SOCIAL.login).send({ ...LOGIN, password: 'x'.repeat(2000) });
    expectFailure(res, 413);
  });
});
