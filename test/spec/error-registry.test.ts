import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { COMMERCE_ERRORS, commerceError, type CommerceErrorCode } from '../../src/apis/commerce/error-codes.js';
import { SOCIAL_ERRORS, socialError, type SocialErrorCode } from '../../src/apis/social/error-codes.js';
import { createCommerceDialect } from '../../src/apis/commerce/dialect.js';
import { createSocialDialect } from '../../src/apis/social/dialect.js';
import { loadSpec } from '../../src/spec/load-spec.js';
import { createAjv } from '../../src/spec/create-ajv.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { createApp } from '../../src/http/create-app.js';
import { defaultConfig } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { ResponseViolation } from '../../src/pipeline/validate.js';
import { ACCOUNTS, FakeClock, ROOT } from '../support/make-app.js';
import { lazyApp } from '../support/lazy-app.js';

/** The error schema every 4xx/5xx response of a spec uses, compiled by Ajv from the loaded spec. */
async function errorValidator(file: string, schema: string) {
  const spec = await loadSpec(join(ROOT, 'specs', file));
  const validate = createAjv('response', [spec]).getSchema(`${spec.id}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`${file} has no schema ${schema}`);
  return validate;
}

// Every placeholder of a message gets a sample value; these codes need more than that.
// New codes are covered without a row here: the tests below walk the registries themselves.
const COMMERCE_PARAMS: Partial<Record<CommerceErrorCode, Record<string, unknown>>> = {
  INPUT_EXCEPTIONS: {
    errors: [
      { code: 'FIELD_REQUIRED', params: { fieldName: 'username' } },
      { code: 'FIELD_REQUIRED', params: { fieldName: 'password' } },
    ],
  },
  NO_SUCH_ENTITY: { fieldName: 'customerId', fieldValue: 7 },
};
const SOCIAL_PARAMS: Partial<Record<SocialErrorCode, Record<string, unknown>>> = {
  METHOD_NOT_ALLOWED: { method: 'GET', allowed: 'POST' },
};

function paramsFor(message: string, given: Record<string, unknown> | undefined): Record<string, unknown> {
  if (given) return given;
  return Object.fromEntries([...message.matchAll(/%([A-Za-z]+)/g)].map(([, name]) => [name, `sample-${name}`]));
}
const commerceParams = (code: CommerceErrorCode) => paramsFor(COMMERCE_ERRORS[code].message, COMMERCE_PARAMS[code]);
const socialParams = (code: SocialErrorCode) => paramsFor(SOCIAL_ERRORS[code].message, SOCIAL_PARAMS[code]);

const xml = new XMLParser();

describe('every commerce error code', async () => {
  const validate = await errorValidator('commerce.openapi.yaml', 'ErrorResponse');
  const commerceDialect = (dev: boolean) => createCommerceDialect({ stores: new Map(), developerMode: dev });
  const cases = (Object.keys(COMMERCE_ERRORS) as CommerceErrorCode[]).flatMap((code) => [false, true].map((dev) => ({ code, dev })));

  it.each(cases)('renders $code (developer mode $dev) with its status and a body of the spec', ({ code, dev }) => {
    const dialect = commerceDialect(dev);
    const err = commerceError(code, commerceParams(code), 'what went wrong');
    const wire = dialect.serialize(dialect.renderError(err, 'json'), 'json', JSON.stringify);
    expect(wire.status).toBe(COMMERCE_ERRORS[code].status);
    expect(wire.headers['Content-Type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(wire.payload as string);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // Every placeholder left in the text is one the parameters fill in (the client substitutes it).
    for (const [, name] of (body.message as string).matchAll(/%([A-Za-z]+)/g)) expect(body.parameters).toHaveProperty(name);
    if (dev) expect(body).toHaveProperty('trace');
    else expect(body).not.toHaveProperty('trace');
  });

  it.each(Object.keys(COMMERCE_ERRORS) as CommerceErrorCode[])('renders %s as the <response> XML of the same status', (code) => {
    const dialect = commerceDialect(false);
    const wire = dialect.serialize(dialect.renderError(commerceError(code, commerceParams(code)), 'xml'), 'xml', JSON.stringify);
    expect(wire.status).toBe(COMMERCE_ERRORS[code].status);
    expect(wire.headers['Content-Type']).toBe('application/xml; charset=utf-8');
    expect(xml.parse(wire.payload as string).response.message).toBeTruthy();
  });
});

describe('every social error code', async () => {
  const validate = await errorValidator('social.openapi.yaml', 'Failure');

  it.each(Object.keys(SOCIAL_ERRORS) as SocialErrorCode[])('renders %s with its status and a body of the spec', (code) => {
    const dialect = createSocialDialect();
    const wire = dialect.serialize(dialect.renderError(socialError(code, socialParams(code)), 'json'), 'json', JSON.stringify);
    expect(wire.status).toBe(SOCIAL_ERRORS[code].status);
    const body = JSON.parse(wire.payload as string);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.message).not.toMatch(/%[A-Za-z]/); // every placeholder substituted
  });
});

describe("another dialect's error thrown by a handler", () => {
  /** An app whose handler of `operationId` throws `err`, with the log lines at error level kept. */
  function appThrowing(api: string, operationId: string, err: Error) {
    const lines: Record<string, any>[] = [];
    const log = pino({ level: 'error', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const violations: ResponseViolation[] = [];
    const runtime = createRuntime({
      config: { ...defaultConfig(ROOT), state: 'memory', logLevel: 'error', cacheDir: undefined },
      store: new MemoryStore(),
      clock: new FakeClock(),
      log,
      handlers: {
        [api]: {
          [operationId]: () => {
            throw err;
          },
        },
      },
      hooks: { onResponseViolation: (v) => violations.push(v) },
    });
    return { http: request(lazyApp(runtime.then((r) => createApp(r)))), lines, violations };
  }

  it("is answered as the commerce API's own 500 and logged with its report id", async () => {
    const t = appThrowing('commerce', 'getDirectoryCountries', socialError('TOKEN_REQUIRED'));
    const res = await t.http.get('/rest/V1/directory/countries');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^Internal Error\. Details are available in Magento log file\. Report ID: webapi-[0-9a-f]{12}$/),
    });
    const reportId = /webapi-([0-9a-f]+)/.exec(res.body.message)![1];
    expect(t.lines).toContainEqual(
      expect.objectContaining({
        msg: 'unexpected error',
        reportId,
        api: 'commerce',
        operationId: 'getDirectoryCountries',
        err: expect.objectContaining({ code: 'TOKEN_REQUIRED' }),
      }),
    );
    expect(t.violations).toEqual([]);
  });

  it("is answered as the social API's own 500 and logged with its report id", async () => {
    const t = appThrowing('social', 'login', commerceError('NO_ROUTE'));
    const res = await t.http
      .post('/socialapi/auth/post/login')
      .send({ username: ACCOUNTS.jane.username, password: ACCOUNTS.jane.password, ...ACCOUNTS.app });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: false, message: expect.stringMatching(/^Internal server error\. Report ID: [0-9a-f]{12}$/) });
    const reportId = /Report ID: ([0-9a-f]+)/.exec(res.body.message)![1];
    expect(t.lines).toContainEqual(expect.objectContaining({ msg: 'unexpected error', reportId, api: 'social', operationId: 'login' }));
    expect(t.violations).toEqual([]);
  });
});
