import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';
import { createRequestLog } from '../../src/log/request-log.js';

const PAGE = 'http://evil.example';
const APP = 'http://app.example';
const TOKEN = '/rest/V1/integration/customer/token';

describe('the control API and a web page', () => {
  describe('by Host (DNS rebinding)', () => {
    it("refuses a Host that is not this server, in the control API's problem format", async () => {
      const t = makeApp();
      for (const path of ['/__authmock/clock', '/__authmock/requests', '/__authmock/ui', '/__ns/a/__authmock/clock']) {
        const res = await t.http.get(path).set('Host', 'attacker.example:4010');
        expect(res.status, path).toBe(403);
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(res.body).toMatchObject({ title: 'Forbidden', status: 403, detail: expect.stringContaining('--allowed-host') });
      }
      const reset = await t.http.post('/__authmock/reset').set('Host', 'attacker.example').set(CONTROL_CLIENT);
      expect(reset.status).toBe(403);
    });

    it('answers loopback names and addresses, whatever the port', async () => {
      const t = makeApp();
      for (const host of ['localhost:4010', 'localhost', '127.0.0.1:4010', '[::1]:4010', 'app.localhost']) {
        expect((await t.http.get('/__authmock/clock').set('Host', host)).status, host).toBe(200);
      }
    });

    it('answers a name given with --allowed-host', async () => {
      const t = makeApp({ allowedHosts: ['authmock.internal'] });
      expect((await t.http.get('/__authmock/clock').set('Host', 'authmock.internal:4010')).status).toBe(200);
      expect((await t.http.get('/__authmock/clock').set('Host', 'other.internal:4010')).status).toBe(403);
    });

    it('leaves health and the mocked APIs to any Host', async () => {
      const t = makeApp();
      expect((await t.http.get('/__authmock/health').set('Host', 'attacker.example')).status).toBe(200);
      const login = await t.http.post(TOKEN).set('Host', 'attacker.example').send({ username: 'x', password: 'y' });
      expect(login.status).toBe(401);
    });
  });

  describe('by what a change carries (cross-site simple requests)', () => {
    it('refuses a text/plain reset without a key or client header, and resets nothing', async () => {
      const t = makeApp();
      await t.http.post('/__authmock/clock').send({ advanceSeconds: 60 }).expect(200);
      const res = await t.http.post('/__authmock/reset').set('Origin', PAGE).set('Content-Type', 'text/plain').send('{}');
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.body.detail).toContain('X-Authmock-Client');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect((await t.http.get('/__authmock/clock')).body.offsetSeconds).toBe(60);
    });

    it('refuses a form post that would mint a token', async () => {
      const t = makeApp();
      const res = await t.http
        .post('/__authmock/tokens')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('api=commerce&userType=customer&userId=1');
      expect(res.status).toBe(403);
    });

    it('resets with X-Authmock-Client, with a JSON body, or with the control key header', async () => {
      const t = makeApp();
      await t.http.post('/__authmock/reset').set(CONTROL_CLIENT).expect(204);
      await t.http.post('/__authmock/reset').send({}).expect(204);
      await t.http.post('/__authmock/reset').set('X-Authmock-Key', 'any').expect(204);
    });

    it('says why in the request log at debug, and only there', async () => {
      const written: string[] = [];
      const requestLog = createRequestLog({ level: 'debug', format: 'json', color: false, write: (s) => void written.push(s) });
      const t = makeApp({}, { requestLog });
      await t.http.post('/__authmock/reset').expect(403);
      const line = JSON.parse(written.find((w) => w.includes('/__authmock/reset'))!);
      expect(line).toMatchObject({ level: 'debug', method: 'POST', path: '/__authmock/reset', status: 403 });
      expect(JSON.stringify(line)).toContain('X-Authmock-Client');
      const quiet: string[] = [];
      const info = makeApp(
        {},
        { requestLog: createRequestLog({ level: 'info', format: 'json', color: false, write: (s) => void quiet.push(s) }) },
      );
      await info.http.post('/__authmock/reset').expect(403);
      expect(quiet.filter((w) => w.includes('/__authmock/reset'))).toEqual([]);
    });

    it('lets reads through without either', async () => {
      const t = makeApp();
      await t.http.get('/__authmock/requests').expect(200);
    });
  });

  describe('by CORS', () => {
    it('sends no CORS headers to an unlisted origin, even when the mocked APIs allow any', async () => {
      const t = makeApp();
      const read = await t.http.get('/__authmock/requests').set('Origin', PAGE);
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http
        .options('/__authmock/tokens')
        .set('Origin', PAGE)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    });

    it('still answers the mocked APIs to any origin with *', async () => {
      const t = makeApp();
      const preflight = await t.http
        .options(TOKEN)
        .set('Origin', PAGE)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
      expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    });

    it('gives a listed origin its CORS headers, and its preflight allows X-Authmock-Client', async () => {
      const t = makeApp({ corsOrigins: [APP] });
      const preflight = await t.http
        .options('/__authmock/reset')
        .set('Origin', APP)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'x-authmock-client');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(APP);
      expect(preflight.headers['access-control-allow-headers']).toContain('X-Authmock-Client');
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      const reset = await t.http.post('/__authmock/reset').set('Origin', APP).set(CONTROL_CLIENT);
      expect(reset.status).toBe(204);
      expect(reset.headers['access-control-allow-origin']).toBe(APP);
      const other = await t.http.get('/__authmock/requests').set('Origin', PAGE);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
