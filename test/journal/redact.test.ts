import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prepareRedaction, redact } from '../../src/journal/redact.js';

const shapes = { tokenShapes: [/^[0-9a-z]{32}$/, /^[A-Za-z0-9_-]{43}$/] };
const COMMERCE = 'abcdefghij0123456789klmnopqrstuv';
const SOCIAL = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('redact', () => {
  it('masks passwords, secret keys and tokens in JSON, at any depth, and bare tokens', () => {
    const body = JSON.stringify({
      username: 'ada',
      password: 'p4ss',
      secretKey: 's3cret',
      user: { userToken: SOCIAL, list: [{ new_password: 'x' }] },
    });
    const out = redact('body', body, { ...shapes, contentType: 'application/json' });
    expect(JSON.parse(out)).toEqual({
      username: 'ada',
      password: '***',
      secretKey: '***',
      user: { userToken: `${SOCIAL.slice(0, 6)}…`, list: [{ new_password: '***' }] },
    });
    expect(redact('body', JSON.stringify(COMMERCE), { ...shapes, contentType: 'application/json' })).toBe(
      JSON.stringify(`${COMMERCE.slice(0, 6)}…`),
    );
  });

  it('masks a JSON string body as parsing it would, tokens inside it or not', () => {
    // a body that is one JSON string is masked in place: the same text as parse, walk and stringify
    const viaObject = (text: string) => {
      const wrapped = redact('body', `[${text}]`, { ...shapes, contentType: 'application/json' });
      return JSON.stringify((JSON.parse(wrapped) as unknown[])[0]);
    };
    const pieces = fc.oneof(
      fc.string(),
      fc.constant(COMMERCE),
      fc.constant(SOCIAL),
      fc.constantFrom(' ', '-', '/', '"', '\\', '\n', '\u2026'),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 6 }), (parts) => {
        const text = JSON.stringify(parts.join(''));
        expect(redact('body', text, { ...shapes, contentType: 'application/json' })).toBe(viaObject(text));
      }),
      { seed: 24, numRuns: 300 },
    );
  });

  it('finds the same tokens with the prepared options (one pattern for every shape) as shape by shape', () => {
    const prepared = prepareRedaction(shapes);
    const pieces = fc.oneof(
      fc.string(),
      fc.constantFrom(COMMERCE, SOCIAL, SOCIAL.slice(0, 32).toLowerCase(), `${COMMERCE}x`, `-${SOCIAL}`),
      fc.constantFrom(' ', '-', '_', '.', '"', '=', '&', '\u2026'),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(redact('query', `q=${encodeURIComponent(text)}`, prepared)).toBe(redact('query', `q=${encodeURIComponent(text)}`, shapes));
        expect(redact('body', text, { ...prepared, contentType: 'text/plain' })).toBe(
          redact('body', text, { ...shapes, contentType: 'text/plain' }),
        );
      }),
      { seed: 7, numRuns: 400 },
    );
  });

  it('shows nothing of a JSON body nested too deep to walk, and never throws on it', () => {
    const deep = (n: number) => `{"password":"p4ss","x":${'['.repeat(n)}${']'.repeat(n)}}`;
    expect(JSON.parse(redact('body', deep(510), { contentType: 'application/json' }))).toMatchObject({ password: '***' });
    for (const n of [512, 8000, 100_000]) {
      const out = redact('body', deep(n), { contentType: 'application/json' });
      expect(out).toBe('(a JSON body nested deeper than 512 levels: not shown)');
    }
  });

  it('masks XML elements and attributes by name', () => {
    const out = redact('body', `<login><username>ada</username><password>p4ss</password><x secretKey="s3cret"/></login>`, {
      contentType: 'application/xml',
    });
    expect(out).toBe('<login><username>ada</username><password>***</password><x secretKey="***"/></login>');
  });

  it('masks form fields and query fields, encoded or not', () => {
    expect(redact('body', 'email=ada&password=p%40ss&secretKey=s3&apiKey=app', { contentType: 'application/x-www-form-urlencoded' })).toBe(
      'email=ada&password=***&secretKey=***&apiKey=app'.replace(/\*\*\*/g, encodeURIComponent('***')),
    );
    expect(redact('query', `userToken=${SOCIAL}&page=2`, shapes)).toBe(`userToken=${encodeURIComponent(`${SOCIAL.slice(0, 6)}…`)}&page=2`);
  });

  it('masks multipart fields by their part name', () => {
    const b = '--XyZ';
    const body = `${b}\r\nContent-Disposition: form-data; name="email"\r\n\r\nada\r\n${b}\r\nContent-Disposition: form-data; name="password"\r\n\r\np4ss\r\n${b}\r\nContent-Disposition: form-data; name="secretKey"\r\n\r\ns3cret\r\n${b}--\r\n`;
    const out = redact('body', body, { contentType: 'multipart/form-data; boundary=XyZ' });
    expect(out).toContain('\r\n\r\nada\r\n');
    expect(out).not.toContain('p4ss');
    expect(out).not.toContain('s3cret');
  });

  it("keeps a bearer token's prefix, masks Basic and OAuth credentials, cookies and the control key", () => {
    const out = redact(
      'headers',
      {
        authorization: `Bearer ${COMMERCE}`,
        'proxy-authorization': 'Basic YWRhOnA0c3M=',
        cookie: 'session=abc',
        'set-cookie': ['a=1', 'b=2'],
        'x-authmock-key': 'controlkey123',
        'x-custom': `token is ${SOCIAL}`,
        accept: 'application/json',
      },
      shapes,
    );
    expect(out).toEqual({
      authorization: `Bearer ${COMMERCE.slice(0, 6)}…`,
      'proxy-authorization': 'Basic ***',
      cookie: '***',
      'set-cookie': '***',
      'x-authmock-key': '***',
      'x-custom': `token is ${SOCIAL.slice(0, 6)}…`,
      accept: 'application/json',
    });
    expect(redact('headers', { authorization: 'OAuth oauth_consumer_key="k", oauth_signature="sig"' })).toEqual({
      authorization: 'OAuth ***',
    });
  });

  it('masks an OAuth form: client secret, password and code verifier whole, codes and refresh tokens to a prefix', () => {
    const form =
      'grant_type=authorization_code&code=Zm9vYmFyYmF6cXV4&client_id=web&client_secret=s3cr3t&code_verifier=vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv&password=p4ss&refresh_token=amr_abcdefghijklmnop';
    const out = new URLSearchParams(redact('body', form, { contentType: 'application/x-www-form-urlencoded' }));
    expect(Object.fromEntries(out)).toEqual({
      grant_type: 'authorization_code',
      code: 'Zm9vYm…',
      client_id: 'web',
      client_secret: '***',
      code_verifier: '***',
      password: '***',
      refresh_token: 'amr_ab…',
    });
  });

  it("masks the code or token a redirect's Location carries, in its query or fragment", () => {
    const headers = redact('headers', {
      location: 'http://localhost:3000/cb?code=Zm9vYmFyYmF6cXV4&state=s1#access_token=eyJhbGciOiJSUzI1NiJ9.e30.sig&token_type=Bearer',
    });
    expect(headers.location).toBe('http://localhost:3000/cb?code=Zm9vYm%E2%80%A6&state=s1#access_token=eyJhbG%E2%80%A6&token_type=***');
  });
});
