import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

// CustomerInterface getter order (commerce-platform-facts.md §4).
const CUSTOMER_ORDER = [
  'id',
  'group_id',
  'default_billing',
  'default_shipping',
  'confirmation',
  'created_at',
  'updated_at',
  'created_in',
  'dob',
  'email',
  'firstname',
  'lastname',
  'middlename',
  'prefix',
  'suffix',
  'gender',
  'store_id',
  'taxvat',
  'website_id',
  'addresses',
  'disable_auto_group_change',
  'extension_attributes',
  'custom_attributes',
];
// AddressInterface order (facts §4).
const ADDRESS_ORDER = [
  'id',
  'customer_id',
  'region',
  'region_id',
  'country_id',
  'street',
  'company',
  'telephone',
  'fax',
  'postcode',
  'city',
  'firstname',
  'lastname',
  'middlename',
  'prefix',
  'suffix',
  'vat_id',
  'default_shipping',
  'default_billing',
  'extension_attributes',
  'custom_attributes',
];
const inOrder = (keys: string[], order: string[]) => order.filter((k) => keys.includes(k));
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function nullPaths(value: unknown, at = ''): string[] {
  if (value === null || value === undefined) return [at || '/'];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nullPaths(v, `${at}/${k}`));
}

describe('GET /V1/customers/me', () => {
  describe('with a customer token', () => {
    it("answers the token's own customer record", async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set(bearer(await customerToken(t)));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.body).toMatchObject({
        id: 1,
        email: 'roni_cost@example.com',
        firstname: 'Veronica',
        lastname: 'Costello',
        addresses: [
          {
            street: ['6146 Honey Bluff Parkway'],
            city: 'Calder',
            postcode: '49628-7978',
            country_id: 'US',
            region_id: 33,
            region: { region_code: 'MI', region: 'Michigan', region_id: 33 },
          },
        ],
      });
    });

    it("answers another customer's own record for that customer's token", async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set(bearer(await customerToken(t, ACCOUNTS.john)));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 2, email: 'john.smith@example.com', firstname: 'John', lastname: 'Smith', addresses: [] });
    });

    it("uses the platform's types: ids as integers, default_billing as a string, dates as YYYY-MM-DD HH:MM:SS", async () => {
      const t = app();
      const { body } = await t.http
        .get(COMMERCE.me)
        .set(bearer(await customerToken(t)))
        .expect(200);
      for (const k of ['id', 'group_id', 'store_id', 'website_id', 'gender', 'disable_auto_group_change'])
        expect(typeof body[k], k).toBe('number');
      expect(body.default_billing).toBe('1');
      expect(body.default_shipping).toBe('1');
      expect(body.created_at).toMatch(DATETIME);
      expect(body.updated_at).toMatch(DATETIME);
      expect(body.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const [address] = body.addresses;
      expect(typeof address.id).toBe('number');
      expect(typeof address.customer_id).toBe('number');
      expect(typeof address.region_id).toBe('number');
      expect(typeof address.region.region_id).toBe('number');
      expect(address.default_billing).toBe(true);
      expect(address.default_shipping).toBe(true);
      expect(body.extension_attributes).toEqual({ is_subscribed: false });
    });

    it('leaves out null values everywhere', async () => {
      const t = app();
      for (const who of [ACCOUNTS.roni, ACCOUNTS.john]) {
        const { body } = await t.http
          .get(COMMERCE.me)
          .set(bearer(await customerToken(t, who)))
          .expect(200);
        expect(nullPaths(body)).toEqual([]);
      }
    });

    it("keeps the platform's field order: id, group_id, default_billing, ...", async () => {
      const t = app();
      const res = await t.http
        .get(COMMERCE.me)
        .set(bearer(await customerToken(t)))
        .expect(200);
      const keys = Object.keys(res.body);
      expect(keys.slice(0, 4)).toEqual(['id', 'group_id', 'default_billing', 'default_shipping']);
      expect(keys).toEqual(inOrder(keys, CUSTOMER_ORDER));
      const addressKeys = Object.keys(res.body.addresses[0]);
      expect(addressKeys).toEqual(inOrder(addressKeys, ADDRESS_ORDER));
      expect(Object.keys(res.body.addresses[0].region)).toEqual(['region_code', 'region', 'region_id']);
      // the wire text itself starts the same way
      expect(res.text.startsWith('{"id":1,"group_id":1,"default_billing":"1",')).toBe(true);
    });

    it('renders the record as XML when Accept asks for application/xml', async () => {
      const t = app();
      const res = await t.http
        .get(COMMERCE.me)
        .set(bearer(await customerToken(t)))
        .set('Accept', 'application/xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.xml);
      expect(
        res.text.startsWith(
          '<?xml version="1.0"?>\n<response>\n  <id>1</id>\n  <group_id>1</group_id>\n  <default_billing>1</default_billing>\n',
        ),
      ).toBe(true);
      expect(res.text).toContain('  <created_at>2024-01-15 09:30:00</created_at>\n');
      expect(res.text).toContain('  <addresses>\n    <item>\n      <id>1</id>\n');
      expect(res.text).toContain(
        '      <region>\n        <region_code>MI</region_code>\n        <region>Michigan</region>\n        <region_id>33</region_id>\n      </region>\n',
      );
      expect(res.text).toContain('      <street>\n        <item>6146 Honey Bluff Parkway</item>\n      </street>\n');
      expect(res.text).toContain('      <default_shipping>true</default_shipping>\n');
      expect(res.text).toContain('  <extension_attributes>\n    <is_subscribed>false</is_subscribed>\n  </extension_attributes>\n');
      expect(res.text.endsWith('</response>\n')).toBe(true);
    });

    it('works through a store code in the path', async () => {
      const t = app();
      const token = await customerToken(t);
      for (const code of ['default', 'en']) {
        const res = await t.http.get(`/rest/${code}/V1/customers/me`).set(bearer(token));
        expect(res.status, code).toBe(200);
        expect(res.body.id).toBe(1);
      }
    });

    it('accepts the Bearer scheme in any letter case', async () => {
      const t = app();
      const token = await customerToken(t);
      await t.http.get(COMMERCE.me).set('Authorization', `bearer ${token}`).expect(200);
      await t.http.get(COMMERCE.me).set('Authorization', `BEARER ${token}`).expect(200);
    });
  });
});
