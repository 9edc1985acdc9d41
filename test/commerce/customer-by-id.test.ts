import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, ROOT, adminToken, customerToken, makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();
const fixture = parse(readFileSync(join(ROOT, 'fixtures', 'commerce.yaml'), 'utf8')) as { customers: { record: { id: number } }[] };
const recordOf = (id: number) => fixture.customers.find((c) => c.record.id === id)!.record;

describe('GET /V1/customers/{customerId}', () => {
  it('gives an admin whose role has all resources the customer record', async () => {
    const t = app();
    const token = await adminToken(t);
    for (const id of [1, 2]) {
      const res = await t.http.get(`/rest/V1/customers/${id}`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.body).toEqual(recordOf(id));
    }
  });

  it('answers 401 resources=Magento_Customer::customer to an admin whose role lacks it', async () => {
    const t = app();
    const token = await adminToken(t, ACCOUNTS.catalog);
    const res = await t.http.get('/rest/V1/customers/1').set(bearer(token));
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notAuthorized('Magento_Customer::customer')));
  });

  it("answers the same 401 to a customer token, even for the customer's own id", async () => {
    const t = app();
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/customers/1').set(bearer(token));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('Magento_Customer::customer'));
  });

  it('answers the same 401 without a token', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/customers/1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('Magento_Customer::customer'));
  });

  it('answers 404 naming customerId with the id as an integer for an unknown id', async () => {
    const t = app();
    const token = await adminToken(t);
    const res = await t.http.get('/rest/V1/customers/99').set(bearer(token));
    expect(res.status).toBe(404);
    expect(res.text).toBe(JSON.stringify(COMMERCE.noSuchCustomer(99)));
    expect(typeof res.body.parameters.fieldValue).toBe('number');
  });

  it('converts a numeric id with leading zeros to an integer', async () => {
    const t = app();
    const token = await adminToken(t);
    const found = await t.http.get('/rest/V1/customers/0001').set(bearer(token));
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(1);
    const missing = await t.http.get('/rest/V1/customers/0077').set(bearer(token));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(COMMERCE.noSuchCustomer(77));
  });

  it('renders the 404 as XML when Accept asks for XML', async () => {
    const t = app();
    const token = await adminToken(t);
    const res = await t.http.get('/rest/V1/customers/99').set(bearer(token)).set('Accept', 'application/xml');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text).toBe(
      '<?xml version="1.0"?>\n<response>\n  <message>No such entity with %fieldName = %fieldValue</message>\n' +
        '  <parameters>\n    <fieldName>customerId</fieldName>\n    <fieldValue>99</fieldValue>\n  </parameters>\n</response>\n',
    );
  });

  it('answers 400 with the "int" type message for a non-numeric id', async () => {
    const t = app();
    const token = await adminToken(t);
    const res = await t.http.get('/rest/V1/customers/abc').set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notInt('abc')));
  });

  it('answers the same "int" type message for an id that is not valid percent-encoding', async () => {
    const t = app();
    const token = await adminToken(t);
    const res = await t.http.get('/rest/V1/customers/%zz').set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notInt('%zz')));
  });

  it('checks the permission before the id: a non-numeric id without a token gets 401', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/customers/abc');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('Magento_Customer::customer'));
  });

  it('answers 401 after the admin token was tampered with', async () => {
    const t = app();
    const token = await adminToken(t);
    const tampered = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const res = await t.http.get('/rest/V1/customers/1').set(bearer(tampered));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('Magento_Customer::customer'));
  });
});

describe('the customer id is converted as the platform converts it', () => {
  it.each([
    ['1.5', 200],
    ['1e0', 200],
    [' 2', 200],
    ['0x10', 400],
    ['Infinity', 400],
    ['', 404],
  ])('reads %j as PHP would (%i)', async (raw, status) => {
    const t = makeApp();
    const admin = await adminToken(t);
    const res = await t.http.get(`/rest/V1/customers/${encodeURIComponent(raw)}`).set('Authorization', `Bearer ${admin}`);
    if (raw === '') {
      expect(res.body).toEqual({ message: 'Request does not match any route.' });
      return;
    }
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body).toEqual({ message: `The "${raw}" value's type is invalid. The "int" type was expected. Verify and try again.` });
    }
  });
});
