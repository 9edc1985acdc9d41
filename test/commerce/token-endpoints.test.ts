import { describe, expect, it } from 'vitest';
import { ACCOUNTS, makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();

const ENDPOINTS = [
  { name: 'customer', path: COMMERCE.customerToken, who: ACCOUNTS.roni },
  { name: 'admin', path: COMMERCE.adminToken, who: ACCOUNTS.admin },
] as const;

const xmlBody = (root: string, fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?><${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</${root}>`;

describe.each(ENDPOINTS)('the $name token endpoint', ({ path, who }) => {
  describe('on success', () => {
    it('answers a JSON string literal holding a 32-character [0-9a-z] token', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: who.username, password: who.password });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.text).toMatch(/^"[0-9a-z]{32}"$/);
      expect(res.body).toMatch(COMMERCE.tokenShape);
    });

    it('issues a different token on every login', async () => {
      const t = app();
      const tokens = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await t.http.post(path).send({ username: who.username, password: who.password }).expect(200);
        tokens.add(res.body);
      }
      expect(tokens.size).toBe(5);
    });

    it('answers <response>TOKEN</response> when Accept asks for XML', async () => {
      const t = app();
      const res = await t.http.post(path).set('Accept', 'application/xml').send({ username: who.username, password: who.password });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(COMMERCE.xml);
      const token = /<response>([0-9a-z]{32})<\/response>/.exec(res.text)?.[1];
      expect(token).toBeDefined();
      expect(res.text).toBe(`<?xml version="1.0"?>\n<response>${token}</response>\n`);
    });

    it.each(['application/xml', 'text/xml', 'application/xhtml+xml'])('accepts the credentials as an XML body sent as %s', async (type) => {
      const t = app();
      const res = await t.http
        .post(path)
        .set('Content-Type', type)
        .send(xmlBody('login', { username: who.username, password: who.password }));
      expect(res.status).toBe(200);
      expect(res.body).toMatch(COMMERCE.tokenShape);
    });

    it('ignores the name of the XML root element', async () => {
      const t = app();
      for (const root of ['request', 'login', 'anything']) {
        const res = await t.http
          .post(path)
          .set('Content-Type', 'application/xml')
          .send(xmlBody(root, { username: who.username, password: who.password }));
        expect(res.status, root).toBe(200);
      }
    });

    it('accepts a Content-Type with charset=utf-8', async () => {
      const t = app();
      const res = await t.http
        .post(path)
        .set('Content-Type', 'application/json; charset=UTF-8')
        .send(JSON.stringify({ username: who.username, password: who.password }));
      expect(res.status).toBe(200);
    });

    it('issues a token that works although an unusable token was sent with the request', async () => {
      const t = app();
      const res = await t.http
        .post(path)
        .set('Authorization', 'Bearer 0123456789abcdef0123456789abcdef')
        .send({ username: who.username, password: who.password });
      expect(res.status).toBe(200);
    });
  });

  describe('with missing or mistyped fields', () => {
    it('answers the aggregate input error when both fields are missing', async () => {
      const t = app();
      const res = await t.http.post(path).send({});
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify(COMMERCE.bothRequired));
    });

    it('answers the aggregate input error for an empty body', async () => {
      const t = app();
      const res = await t.http.post(path).set('Content-Type', 'application/json').send('');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(COMMERCE.bothRequired);
    });

    it('answers the aggregate input error for a JSON body that is not an object', async () => {
      const t = app();
      for (const raw of ['"roni_cost@example.com"', 'null', '42']) {
        const res = await t.http.post(path).set('Content-Type', 'application/json').send(raw);
        expect(res.status, raw).toBe(400);
        expect(res.body).toEqual(COMMERCE.bothRequired);
      }
    });

    it('answers the aggregate input error when both fields are "" or null', async () => {
      const t = app();
      for (const body of [
        { username: '', password: '' },
        { username: null, password: null },
        { username: '', password: null },
      ]) {
        const res = await t.http.post(path).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.text).toBe(JSON.stringify(COMMERCE.bothRequired));
      }
    });

    it('names only the password when only the password is missing', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: who.username });
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify(COMMERCE.required('password')));
    });

    it('names only the username when only the username is missing', async () => {
      const t = app();
      const res = await t.http.post(path).send({ password: who.password });
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify(COMMERCE.required('username')));
    });

    it('counts "" and null as missing for a single field', async () => {
      const t = app();
      for (const password of ['', null]) {
        const res = await t.http.post(path).send({ username: who.username, password });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(COMMERCE.required('password'));
      }
    });

    it('counts an empty XML element as missing', async () => {
      const t = app();
      const res = await t.http
        .post(path)
        .set('Content-Type', 'application/xml')
        .send(`<request><username>${who.username}</username><password/></request>`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(COMMERCE.required('password'));
    });

    it('answers the aggregate input error for an XML body with two empty elements', async () => {
      const t = app();
      const res = await t.http.post(path).set('Content-Type', 'text/xml').send('<request><username></username><password/></request>');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(COMMERCE.bothRequired);
    });

    it('renders a missing-field error as XML when Accept asks for XML', async () => {
      const t = app();
      const res = await t.http.post(path).set('Accept', 'application/xml').send({ username: who.username });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(COMMERCE.xml);
      expect(res.text).toBe(
        '<?xml version="1.0"?>\n<response>\n  <message>"%fieldName" is required. Enter and try again.</message>\n' +
          '  <parameters>\n    <fieldName>password</fieldName>\n  </parameters>\n</response>\n',
      );
    });

    it('refuses an array value with the platform\'s "array" type message', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: [who.username], password: who.password });
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify(COMMERCE.arrayNotString));
    });

    it('refuses an object value with the same "array" type message', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: who.username, password: { value: who.password } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(COMMERCE.arrayNotString);
    });

    it('casts numbers and booleans to strings, so they fail sign-in with 401 rather than 400', async () => {
      const t = app();
      for (const body of [
        { username: 12345, password: 67890 },
        { username: who.username, password: true },
      ]) {
        const res = await t.http.post(path).send(body);
        expect(res.status, JSON.stringify(body)).toBe(401);
        expect(res.body).toEqual(COMMERCE.signInIncorrect);
      }
    });
  });

  describe('with wrong credentials', () => {
    it('answers the generic 401 for a wrong password', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: who.username, password: 'wrong-password' });
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.text).toBe(JSON.stringify(COMMERCE.signInIncorrect));
    });

    it('answers the same generic 401 for an unknown user', async () => {
      const t = app();
      const res = await t.http.post(path).send({ username: 'nobody@example.com', password: 'whatever' });
      expect(res.status).toBe(401);
      expect(res.text).toBe(JSON.stringify(COMMERCE.signInIncorrect));
    });

    it('renders the generic 401 as XML when Accept asks for XML', async () => {
      const t = app();
      const res = await t.http.post(path).set('Accept', 'application/xml').send({ username: who.username, password: 'nope' });
      expect(res.status).toBe(401);
      expect(res.text).toBe(`<?xml version="1.0"?>\n<response>\n  <message>${COMMERCE.signInIncorrect.message}</message>\n</response>\n`);
    });
  });
});

describe('the customer token endpoint', () => {
  it('finds the customer by e-mail case-insensitively', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).send({ username: 'RONI_COST@EXAMPLE.COM', password: ACCOUNTS.roni.password });
    expect(res.status).toBe(200);
  });

  it("refuses an admin user's credentials with the generic 401", async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.admin);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.signInIncorrect);
  });
});

describe('the admin token endpoint', () => {
  it('issues a token to the restricted admin too', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.adminToken).send(ACCOUNTS.catalog);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(COMMERCE.tokenShape);
  });

  it('answers the generic 401 for an admin with a wrong password', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.adminToken).send({ username: ACCOUNTS.admin.username, password: 'admin124' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.signInIncorrect);
  });

  it("refuses a customer's credentials with the generic 401", async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.adminToken).send(ACCOUNTS.roni);
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(COMMERCE.signInIncorrect));
  });
});

describe('credentials longer than the spec allows', () => {
  it('are refused with a 400 that never echoes the password', async () => {
    const t = makeApp();
    const password = 'p'.repeat(5000);
    const res = await t.http.post('/rest/V1/integration/customer/token').send({ username: 'roni_cost@example.com', password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Invalid value of "%value" provided for the %fieldName field.',
      parameters: { value: '******', fieldName: 'password' },
    });
  });

  it('show at most 64 characters of another value', async () => {
    const t = makeApp();
    const res = await t.http.post('/rest/V1/integration/customer/token').send({ username: 'u'.repeat(300), password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.parameters).toEqual({ value: `${'u'.repeat(61)}...`, fieldName: 'username' });
  });
});
