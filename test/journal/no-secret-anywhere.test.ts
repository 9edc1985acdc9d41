import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/make-app.js';
import { startServer, type ServerProcess } from '../support/server-process.js';

// Each secret is unique, so finding it anywhere names the place that leaked it.
const S = {
  jsonPassword: 'Json-Pw-5e1f0a',
  xmlPassword: 'Xml-Pw-77ab0c',
  formPassword: 'Form-Pw-19cd42',
  formSecretKey: 'Form-Sk-a0b1c2',
  multipartPassword: 'Multi-Pw-3f3f3f',
  multipartSecretKey: 'Multi-Sk-8d8d8d',
  queryPassword: 'Query-Pw-c4c4c4',
  querySecretKey: 'Query-Sk-e5e5e5',
  cookie: 'Cookie-Secret-6a6a6a',
  basic: Buffer.from('ada:Basic-Pw-2b2b2b').toString('base64'),
  jsonSecretKey: 'Json-Sk-0f0f0f',
};

describe('secrets in every format and place', () => {
  let server: ServerProcess;
  const stream: string[] = [];
  let abort: AbortController;

  beforeAll(async () => {
    server = await startServer(['--state', 'memory', '--log-level', 'debug']);
    abort = new AbortController();
    const res = await fetch(`${server.baseUrl}/__authmock/requests/stream`, { signal: abort.signal });
    const reader = res.body!.getReader();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        stream.push(Buffer.from(value!).toString('utf8'));
      }
    })();
  }, 30_000);

  afterAll(async () => {
    abort?.abort();
    await server?.stop();
  });

  it('finds none of them in the journal, its event stream, the inspector page or the log', async () => {
    const base = server.baseUrl;
    const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
      fetch(base + path, { method: 'POST', body, headers });
    const json = { 'Content-Type': 'application/json' };
    // real tokens, which the answers carry and later requests present
    const commerceToken = (await (await post('/rest/V1/integration/customer/token', JSON.stringify(ACCOUNTS.roni), json)).json()) as string;
    const login = { username: ACCOUNTS.jane.username, password: ACCOUNTS.jane.password, ...ACCOUNTS.app };
    const socialToken = (
      (await (await post('/socialapi/auth/post/login', JSON.stringify(login), json)).json()) as { user: { userToken: string } }
    ).user.userToken;
    const secrets = [
      ...Object.values(S),
      commerceToken,
      socialToken,
      ACCOUNTS.roni.password,
      ACCOUNTS.jane.password,
      ACCOUNTS.app.secretKey,
    ];

    await post('/rest/V1/integration/customer/token', JSON.stringify({ username: 'a@example.com', password: S.jsonPassword }), json);
    await post(
      '/rest/V1/integration/customer/token',
      `<login><username>a@example.com</username><password>${S.xmlPassword}</password></login>`,
      { 'Content-Type': 'application/xml' },
    );
    await post(
      '/socialapi/auth/post/login',
      new URLSearchParams({
        email: 'jane.doe',
        password: S.formPassword,
        apiKey: 'demo-mobile-app',
        secretKey: S.formSecretKey,
      }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({
      email: 'jane.doe',
      password: S.multipartPassword,
      apiKey: 'demo-mobile-app',
      secretKey: S.multipartSecretKey,
    }))
      form.append(k, v);
    await post('/socialapi/auth/post/login', form);
    await post(
      '/socialapi/auth/post/login',
      JSON.stringify({ username: 'jane.doe', password: 'x', apiKey: 'demo-mobile-app', secretKey: S.jsonSecretKey }),
      json,
    );
    await fetch(`${base}/socialapi/user/get/profile?userToken=${socialToken}&password=${S.queryPassword}&secretKey=${S.querySecretKey}`);
    await fetch(`${base}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${commerceToken}`, Cookie: `session=${S.cookie}` } });
    await fetch(`${base}/rest/V1/customers/me`, { headers: { Authorization: `Basic ${S.basic}` } });
    await post('/socialapi/auth/post/logout', JSON.stringify({ userToken: socialToken }), json);
    await fetch(`${base}/rest/V1/custmers/me?password=${S.queryPassword}`, { headers: { Authorization: `Bearer ${commerceToken}` } });

    const journal = await (await fetch(`${base}/__authmock/requests`)).text();
    expect(JSON.parse(journal)).toHaveLength(12);
    const page = await (await fetch(`${base}/__authmock/ui`)).text();
    await new Promise((r) => setTimeout(r, 200));
    const events = stream.join('');
    expect(events.match(/event: entry/g)).toHaveLength(12);
    for (const [place, text] of [
      ['journal', journal],
      ['event stream', events],
      ['inspector page', page],
      ['log', server.output()],
    ] as const) {
      for (const secret of secrets) expect(text.includes(secret), `${place} shows ${secret}`).toBe(false);
    }
    // what is kept: the token prefixes and the masks, so the entries stay useful
    expect(journal).toContain(`Bearer ${commerceToken.slice(0, 6)}…`);
    expect(journal).toContain('"password\\":\\"***\\"');
    expect(journal).toContain('<password>***</password>');
    expect(journal).toContain('userToken=' + encodeURIComponent(`${socialToken.slice(0, 6)}…`));
    expect(server.output()).toContain('/socialapi/user/get/profile'); // the debug log saw every request
  });
});
