import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { readIdentityFile } from '../../src/apis/spec-api/identity-file.js';

const SPECS = join(import.meta.dirname, 'specs');

describe("vendors' ways of sending a credential", () => {
  it('takes an Authorization API key after the word its description shows (Okta: SSWS <key>), and refuses a bare key or another word', async () => {
    const t = makeApp({ specs: [join(SPECS, 'oktalike.openapi.yaml')] });
    await t.http.get('/api/v1/users/me').set('Authorization', 'SSWS okta-key-1').expect(200);
    await t.http.get('/api/v1/users/me').set('Authorization', 'ssws okta-key-1').expect(200);
    for (const auth of ['okta-key-1', 'Bearer okta-key-1', 'SSWS wrong-key']) {
      const res = await t.http.get('/api/v1/users/me').set('Authorization', auth);
      expect(res.status, auth).toBe(401);
    }
  });

  it("takes the word a description's example header shows (InfluxDB: Authorization: Token INFLUX_API_TOKEN)", async () => {
    const t = makeApp({ specs: [join(SPECS, 'influxlike.openapi.yaml')] });
    await t.http.get('/api/v2/buckets').set('Authorization', 'Token influx-token-1').expect(200);
    for (const auth of ['influx-token-1', 'Bearer influx-token-1', 'Token wrong-token']) {
      const res = await t.http.get('/api/v2/buckets').set('Authorization', auth);
      expect(res.status, auth).toBe(401);
    }
  });

  it('takes the word the identity file gives a scheme whose description shows none', async () => {
    const t = makeApp({ specs: [join(SPECS, 'oktaword.openapi.yaml')] });
    await t.http.get('/api/v1/users/me').set('Authorization', 'SSWS okta-key-1').expect(200);
    expect((await t.http.get('/api/v1/users/me').set('Authorization', 'okta-key-1')).status).toBe(401);
  });

  describe('a token that a required parameter or form field carries, or a bearer header (Slack)', () => {
    const mint = async (t: ReturnType<typeof makeApp>) => {
      const res = await t.http.post('/__authmock/tokens').send({ api: 'slacklike', user: 'alice', scopes: ['chat:write', 'users:read'] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.token as string;
    };

    it('reads it from the query parameter only, or from a bearer header only', async () => {
      const t = makeApp({ specs: [join(SPECS, 'slacklike.openapi.yaml')] });
      const token = await mint(t);
      await t.http.get(`/api/users.info?user=U1&token=${token}`).expect(200);
      await t.http.get('/api/users.info?user=U1').set('Authorization', `Bearer ${token}`).expect(200);
      expect((await t.http.get('/api/users.info?user=U1')).status).toBe(401);
      expect((await t.http.get('/api/users.info?user=U1&token=wrong')).status).toBe(401);
      // the other required parameter is still required
      expect((await t.http.get('/api/users.info').set('Authorization', `Bearer ${token}`)).status).toBe(400);
    });

    it('reads it from the form field only, or from a bearer header only', async () => {
      const t = makeApp({ specs: [join(SPECS, 'slacklike.openapi.yaml')] });
      const token = await mint(t);
      const post = () => t.http.post('/api/chat.postMessage').type('form');
      await post().send({ token, channel: 'C1', text: 'hi' }).expect(200);
      await post().set('Authorization', `Bearer ${token}`).send({ channel: 'C1', text: 'hi' }).expect(200);
      expect((await post().send({ channel: 'C1' })).status).toBe(401);
      expect((await post().set('Authorization', `Bearer ${token}`).send({ text: 'hi' })).status).toBe(400);
    });
  });
});

describe('the identity file on schemes', () => {
  const write = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-schemes-'));
    writeFileSync(join(dir, 'who.authmock.yaml'), text);
    return join(dir, 'who.authmock.yaml');
  };

  it('names an unknown key under schemes and a credential parameter that is not a scheme name', () => {
    expect(() => readIdentityFile(write('schemes: { apiToken: { word: SSWS } }\n'), undefined)).toThrow(/schemes\.apiToken\.word/);
    expect(() => readIdentityFile(write('credentialParameters: { token: [a] }\n'), undefined)).toThrow(/credentialParameters\.token/);
    expect(readIdentityFile(write('schemes: { a: { prefix: SSWS } }\ncredentialParameters: { token: b }\n'), undefined).schemes).toEqual({
      prefixes: { a: 'SSWS' },
      params: { token: 'b' },
    });
  });
});
