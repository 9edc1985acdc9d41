import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('commerce routing', () => {
  it.each(['default', 'all', 'en'])('serves the token endpoint under the store code %s', async (code) => {
    const t = app();
    const res = await t.http.post(`/rest/${code}/V1/integration/customer/token`).send(ACCOUNTS.roni);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(COMMERCE.tokenShape);
  });

  it('answers 400 "Specified request cannot be processed." for an unknown store code', async () => {
    const t = app();
    const res = await t.http.post('/rest/nostore/V1/integration/customer/token').send(ACCOUNTS.roni);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notProcessable));
  });

  it('answers 400 "Specified request cannot be processed." for a path without /V<n>', async () => {
    const t = app();
    for (const path of ['/rest', '/rest/', '/rest/default', '/rest/default/integration/customer/token']) {
      const res = await t.http.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual(COMMERCE.notProcessable);
    }
  });

  it('answers 404 "Request does not match any route." for an unknown path', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe(JSON.stringify(COMMERCE.noRoute));
  });

  it('answers 404 "Request does not match any route." for a known path with another supported method', async () => {
    const t = app();
    for (const [method, path] of [
      ['get', COMMERCE.customerToken],
      ['put', COMMERCE.adminToken],
      ['delete', COMMERCE.me],
      ['post', '/rest/V1/customers/1'],
    ] as const) {
      const res = await t.http[method](path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(COMMERCE.noRoute);
    }
  });

  it('answers 400 "Request method is invalid." for PATCH', async () => {
    const t = app();
    const res = await t.http.patch(COMMERCE.me).set(bearer(await customerToken(t)));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.methodInvalid));
  });

  it('answers 400 for HEAD (which has no body on the wire)', async () => {
    const t = app();
    const res = await t.http.head('/rest/V1/directory/countries');
    expect(res.status).toBe(400);
  });

  it('answers 400 "Request method is invalid." for an OPTIONS request that is not a CORS preflight', async () => {
    const t = app();
    const plain = await t.http.options(COMMERCE.customerToken);
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual(COMMERCE.methodInvalid);
    // an Origin alone does not make a preflight
    const withOrigin = await t.http.options(COMMERCE.customerToken).set('Origin', 'http://app.example');
    expect(withOrigin.status).toBe(400);
    expect(withOrigin.body).toEqual(COMMERCE.methodInvalid);
  });
});

describe('commerce request bodies', () => {
  const smallApp = useApp({ bodyLimit: 1000 });

  it('answers 400 "Content-Type header is empty." for a body without Content-Type', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .send(Buffer.from(JSON.stringify(ACCOUNTS.roni)))
      .unset('Content-Type');
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.contentTypeEmpty));
  });

  it('answers 400 naming the media type for text/plain', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'text/plain').send('username=x&password=y');
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.mediaType('text/plain')));
  });

  it('answers 400 naming the media type for a form body', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).type('form').send(ACCOUNTS.roni);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.mediaType('application/x-www-form-urlencoded'));
  });

  it('answers 400 "UTF-8 is the only supported charset." for another charset', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/json; charset=latin1')
      .send(JSON.stringify(ACCOUNTS.roni));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.charset));
  });

  it('answers 400 "Decoding error." for malformed JSON', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/json')
      .send('{"username": "roni_cost@example.com",');
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.decoding));
  });

  it('answers 400 "Decoding error." for JSON or XML that is not UTF-8', async () => {
    const t = app();
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    for (const [type, body] of [
      ['application/json', latin1('{"username": "ron\u00ed@example.com", "password": "x"}')],
      ['application/xml', latin1('<request><username>ron\u00ed@example.com</username><password>x</password></request>')],
    ] as const) {
      const res = await t.http
        .post(COMMERCE.customerToken)
        .set('Content-Type', type)
        .serialize((b: Buffer) => b as unknown as string)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(COMMERCE.decoding);
    }
  });

  it('answers 400 "Decoding error." for malformed XML', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/xml')
      .send('<request><username>roni_cost@example.com</username><password>x</request>');
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.decoding));
  });

  it('refuses an XML body with entity declarations (billion laughs) without expanding them', async () => {
    const t = app();
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">' +
      '<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>' +
      '<request><username>&lol4;</username><password>x</password></request>';
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'application/xml').send(lol);
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.decoding));
  });

  it('refuses an XML body with an external entity without reading it', async () => {
    const t = app();
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE request [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<request><username>&xxe;</username><password>x</password></request>';
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'text/xml').send(xxe);
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.decoding));
    expect(res.text).not.toContain('root:');
  });

  it('decodes character references and the predefined entities in XML values', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/xml')
      .send('<request><username>roni_cost&#64;example.com</username><password>roni_cost3&#x40;example.com</password></request>');
    expect(res.status).toBe(200);
    const wrong = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/xml')
      .send('<request><username>&lt;roni&gt;</username><password>&amp;&quot;&apos;</password></request>');
    expect(wrong.status).toBe(401);
  });

  it.each([
    ['an undefined named entity', '<request><username>a&nbsp;b</username><password>x</password></request>'],
    ['a bare ampersand', '<request><username>a & b</username><password>x</password></request>'],
    ['a reference to a character XML forbids', '<request><username>a&#0;b</username><password>x</password></request>'],
  ])('answers 400 "Decoding error." for XML with %s', async (_what, xml) => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'application/xml').send(xml);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.decoding);
  });

  it('takes CDATA content literally', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Content-Type', 'application/xml')
      .send(
        '<request><username><![CDATA[roni_cost@example.com]]></username><password><![CDATA[roni_cost3@example.com]]></password></request>',
      );
    expect(res.status).toBe(200);
  });

  it('answers 413 in the commerce error shape for a body over the limit', async () => {
    const t = smallApp();
    const res = await t.http.post(COMMERCE.customerToken).send({ username: ACCOUNTS.roni.username, password: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toContain('1000');
  });

  it('accepts a body just under the limit', async () => {
    const t = smallApp();
    const res = await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni);
    expect(res.status).toBe(200);
  });
});

describe('commerce response formats', () => {
  it('answers 406 with the platform message when Accept offers nothing it can render', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/directory/countries').set('Accept', 'text/html');
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notAcceptable('text/html')));
  });

  it('answers XML to a browser Accept header', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/directory/currency').set('Accept', BROWSER_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text).toContain('<base_currency_code>USD</base_currency_code>');
  });

  it('answers JSON to Accept: application/json, */* and no Accept at all', async () => {
    const t = app();
    for (const accept of ['application/json', '*/*', 'application/*', undefined]) {
      const req = t.http.get('/rest/V1/directory/currency');
      const res = await (accept ? req.set('Accept', accept) : req);
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.body.base_currency_code).toBe('USD');
    }
  });

  it('answers XML to Accept: text/xml and prefers the type with the higher q', async () => {
    const t = app();
    for (const accept of ['text/xml', 'application/json;q=0.5, application/xml']) {
      const res = await t.http.get('/rest/V1/directory/currency').set('Accept', accept);
      expect(res.headers['content-type'], accept).toBe(COMMERCE.xml);
    }
    const json = await t.http.get('/rest/V1/directory/currency').set('Accept', 'application/xml;q=0.4, application/json');
    expect(json.headers['content-type']).toBe(COMMERCE.json);
  });

  it('renders routing errors in the format Accept asks for', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/nope').set('Accept', 'application/xml');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text).toBe('<?xml version="1.0"?>\n<response>\n  <message>Request does not match any route.</message>\n</response>\n');
    const store = await t.http.get('/rest/nostore/V1/directory/countries').set('Accept', 'text/xml');
    expect(store.status).toBe(400);
    expect(store.text).toBe(
      '<?xml version="1.0"?>\n<response>\n  <message>Specified request cannot be processed.</message>\n</response>\n',
    );
  });

  it('renders body errors in the format Accept asks for', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.customerToken)
      .set('Accept', 'application/xml')
      .set('Content-Type', 'application/json')
      .send('{');
    expect(res.status).toBe(400);
    expect(res.text).toBe('<?xml version="1.0"?>\n<response>\n  <message>Decoding error.</message>\n</response>\n');
  });
});

describe('commerce order of checks', () => {
  it('answers 401, not 400, to an unauthenticated POST with a malformed body to a protected operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });

  it('answers 401, not 400, to an unauthenticated POST with an unsupported Content-Type to a protected operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set('Content-Type', 'text/plain').send('hello');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });

  it('answers 400 "Decoding error." to an authenticated POST with a malformed body to a protected operation', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .set('Content-Type', 'application/json')
      .send('{not json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.decoding);
  });

  it('answers 400 to a malformed body on the anonymous token operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.decoding);
  });

  it('checks the store code before the route and the route before the method list', async () => {
    const t = app();
    expect((await t.http.patch('/rest/nostore/V1/nope')).body).toEqual(COMMERCE.notProcessable);
    expect((await t.http.patch('/rest/V1/nope')).body).toEqual(COMMERCE.methodInvalid);
  });
});

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
