import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();

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
