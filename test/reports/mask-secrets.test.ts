import { describe, expect, it } from 'vitest';
import { maskBody, maskHeaders, maskText, maskToken, maskUrl } from '../../src/check/report/mask-secrets.js';
import { recordExchange } from '../../src/check/report/record-exchange.js';

const CUSTOMER_TOKEN = 'k3j9x0q2m7w8e5r1t6y4u0i9o8p7a6s5';
const USER_TOKEN = 'AAAAAQ8xZmQ2c1h5b0pYbXQ4ZUZ2UWlKa3dPcUpRNzE';

describe('masking secrets for reports', () => {
  it('keeps only a short prefix and the length of a token', () => {
    expect(maskToken(CUSTOMER_TOKEN)).toBe('k3j9… (32 chars)');
    expect(maskToken('short')).toBe('********');
  });

  it('keeps the Authorization scheme and cookie names, hides their values', () => {
    const masked = maskHeaders({ Authorization: `Bearer ${CUSTOMER_TOKEN}`, Cookie: `PHPSESSID=${USER_TOKEN}; lang=en`, 'Content-Type': 'application/json' });
    expect(masked).toEqual({
      authorization: 'Bearer k3j9… (32 chars)',
      cookie: 'PHPSESSID=AAAA… (43 chars); lang=********',
      'content-type': 'application/json',
    });
    expect(maskHeaders({ 'set-cookie': `sid=${USER_TOKEN}; Path=/; HttpOnly` })['set-cookie']).toBe('sid=AAAA… (43 chars); Path=/; HttpOnly');
  });

  it('hides passwords and client secrets entirely and tokens down to a prefix in JSON at any depth', () => {
    const body = JSON.stringify({ username: 'jane.doe', password: 'jane-password-1', secretKey: 'demo-mobile-secret', user: { userToken: USER_TOKEN, email: 'jane@example.com' } });
    const masked = JSON.parse(maskBody(body, 'application/json; charset=utf-8'));
    expect(masked).toEqual({ username: 'jane.doe', password: '********', secretKey: '********', user: { userToken: 'AAAA… (43 chars)', email: 'jane@example.com' } });
  });

  it('recognises a bare token answer by its shape, as JSON string and inside XML <response>', () => {
    expect(maskBody(JSON.stringify(CUSTOMER_TOKEN), 'application/json')).toBe('"k3j9… (32 chars)"');
    expect(maskBody(`<?xml version="1.0"?>\n<response>${CUSTOMER_TOKEN}</response>`, 'application/xml')).toBe('<?xml version="1.0"?>\n<response>k3j9… (32 chars)</response>');
    expect(maskBody('"Veronica Costello"', 'application/json')).toBe('"Veronica Costello"');
  });

  it('masks form, multipart and even malformed XML and JSON bodies by field name', () => {
    expect(maskBody('apiKey=demo-mobile-app&secretKey=demo-mobile-secret&email=jane.doe&password=p%40ss', 'application/x-www-form-urlencoded')).toBe(
      'apiKey=demo… (15 chars)&secretKey=********&email=jane.doe&password=********',
    );
    const multipart = '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\njane.doe\r\n--b\r\nContent-Disposition: form-data; name="password"\r\n\r\njane-password-1\r\n--b--\r\n';
    const maskedParts = maskBody(multipart, 'multipart/form-data; boundary=b');
    expect(maskedParts).toContain('jane.doe');
    expect(maskedParts).not.toContain('jane-password-1');
    expect(maskBody('<login><username>u</username><password>hunter22</login>', 'application/xml')).not.toContain('hunter22');
    expect(maskBody('{"username": "u", "password": "hunter22", ', 'application/json')).not.toContain('hunter22');
  });

  it('masks token query parameters and secrets in free text such as a check message', () => {
    expect(maskUrl(`http://127.0.0.1:4010/socialapi/user/get/profile?userToken=${USER_TOKEN}&x=1`)).toBe('http://127.0.0.1:4010/socialapi/user/get/profile?userToken=AAAA… (43 chars)&x=1');
    const message = `expected 401 or 403, got 200: "${CUSTOMER_TOKEN}" {"password":"roni","userToken":"${USER_TOKEN}"} Bearer ${CUSTOMER_TOKEN}`;
    const masked = maskText(message);
    expect(masked).not.toContain(CUSTOMER_TOKEN);
    expect(masked).not.toContain(USER_TOKEN);
    expect(masked).not.toContain('"roni"');
    expect(masked).toContain('expected 401 or 403, got 200');
  });

  it('records an exchange with every secret masked, request and answer alike', () => {
    const record = recordExchange({
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:1/rest/V1/integration/customer/token',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${USER_TOKEN}` },
        body: new TextEncoder().encode(JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' })),
      },
      status: 200,
      headers: new Headers({ 'content-type': 'application/json; charset=utf-8', 'set-cookie': `s=${USER_TOKEN}` }),
      mediaType: 'application/json',
      text: JSON.stringify(CUSTOMER_TOKEN),
      ms: 3.14159,
    });
    const text = JSON.stringify(record);
    for (const secret of [USER_TOKEN, CUSTOMER_TOKEN, 'roni_cost3@example.com']) expect(text).not.toContain(secret);
    expect(record.request.body).toContain('roni_cost@example.com');
    expect(record.response).toMatchObject({ status: 200, ms: 3.1, body: '"k3j9… (32 chars)"' });
  });
});
