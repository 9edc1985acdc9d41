import { describe, expect, it } from 'vitest';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

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
