import { beforeAll, describe, expect, test } from 'vitest';
import { lintFindings, type Finding } from './run-lint.js';

// Specs this project did not write, vendored unchanged (test/fixtures/public-specs/README.md).
const DIR = 'test/fixtures/public-specs';
const PETSTORE = `${DIR}/swagger-petstore/openapi.yaml`;
const OAI_PETSTORE = `${DIR}/oai-examples/petstore.yaml`;
const WEBHOOKS = `${DIR}/oai-examples/webhook-example.yaml`;
const NON_OAUTH_SCOPES = `${DIR}/oai-examples/non-oauth-scopes.json`;

let findings: Finding[] = [];
let stderr = '';

const where = (source: string, code: string) => findings.filter((f) => f.source === source && f.code === code).map((f) => f.path.join('/'));

let withOwasp: Finding[] = [];

beforeAll(async () => {
  const run = await lintFindings([PETSTORE, OAI_PETSTORE, WEBHOOKS, NON_OAUTH_SCOPES]);
  expect(run.code).toBe(1); // the Petstore's secured operations declare no 401
  findings = run.findings;
  stderr = run.stderr;
  withOwasp = (await lintFindings([PETSTORE, OAI_PETSTORE, WEBHOOKS, NON_OAUTH_SCOPES], ['--owasp'])).findings;
});

test('no OWASP rule reports without --owasp; with it they do, beside the same auth findings', () => {
  expect(findings.filter((f) => f.code.startsWith('owasp:'))).toEqual([]);
  expect(withOwasp.some((f) => f.code.startsWith('owasp:'))).toBe(true);
  const auth = (list: Finding[]) =>
    list.filter((f) => /^authmock-(secured|scoped)/.test(f.code)).map((f) => `${f.source} ${f.code} ${f.path.join('/')}`);
  expect(auth(withOwasp)).toEqual(auth(findings));
});

test('all four are linted, without a crash or a complaint about the command', () => {
  expect(stderr).toBe('');
  expect(new Set(findings.map((f) => f.source))).toEqual(new Set([PETSTORE, OAI_PETSTORE, WEBHOOKS, NON_OAUTH_SCOPES]));
});

describe('Swagger Petstore (OpenAPI 3.0.2)', () => {
  test('each of its nine secured operations lacks a 401', () => {
    expect(where(PETSTORE, 'authmock-secured-declares-401').sort()).toEqual(
      [
        'paths//pet/post/responses',
        'paths//pet/put/responses',
        'paths//pet/findByStatus/get/responses',
        'paths//pet/findByTags/get/responses',
        'paths//pet/{petId}/get/responses',
        'paths//pet/{petId}/post/responses',
        'paths//pet/{petId}/delete/responses',
        'paths//pet/{petId}/uploadImage/post/responses',
        'paths//store/inventory/get/responses',
      ].sort(),
    );
  });

  test('the eight that ask for OAuth scopes lack a 403; the api_key-only one does not need one', () => {
    const missing403 = where(PETSTORE, 'authmock-scoped-declares-403');
    expect(missing403).toHaveLength(8);
    expect(missing403).not.toContain('paths//store/inventory/get/responses');
  });

  test('its body-less errors have no schema', () => {
    const found = where(PETSTORE, 'authmock-error-response-schema');
    expect(found).toContain('paths//pet/{petId}/get/responses/400');
    expect(found).toContain('paths//store/order/{orderId}/delete/responses/404');
    // `default` is its success answer where no 2xx is declared (logoutUser)
    expect(found).not.toContain('paths//user/logout/get/responses/default');
  });

  test('its schemes are all used and its scopes all defined; the public store operations need no 401', () => {
    expect(where(PETSTORE, 'authmock-security-scheme-used')).toEqual([]);
    expect(where(PETSTORE, 'authmock-security-agrees')).toEqual([]);
    expect(where(PETSTORE, 'authmock-secured-declares-401')).not.toContain('paths//store/order/post/responses');
  });

  test('the serving rules stay silent: it is not a spec authmock serves', () => {
    expect(
      findings.filter(
        (f) => f.source === PETSTORE && /^authmock-(operation-id|permission|served-example|declares-default|extension-reason)/.test(f.code),
      ),
    ).toEqual([]);
  });
});

describe('OAI non-oauth-scopes (OpenAPI 3.1, JSON)', () => {
  test('roles on a bearer scheme are accepted in 3.1, where spectral:oas would call them undefined scopes', () => {
    expect(where(NON_OAUTH_SCOPES, 'authmock-security-agrees')).toEqual([]);
    expect(where(NON_OAUTH_SCOPES, 'oas3-operation-security-defined')).toEqual([]);
  });

  test('the operation declares no responses at all: neither 401 nor the 403 its roles call for', () => {
    expect(where(NON_OAUTH_SCOPES, 'authmock-secured-declares-401')).toEqual(['paths//users/get']);
    expect(where(NON_OAUTH_SCOPES, 'authmock-scoped-declares-403')).toEqual(['paths//users/get']);
  });
});

describe('OAI petstore (3.0) and webhook example (3.1): no security at all', () => {
  test.each([OAI_PETSTORE, WEBHOOKS])("%s has no authmock finding, only Spectral's (and with --owasp OWASP's)", (source) => {
    const ours = findings.filter((f) => f.source === source && f.code.startsWith('authmock-'));
    expect(ours).toEqual([]);
    expect(withOwasp.some((f) => f.source === source && f.code === 'owasp:api2:2023-read-restricted')).toBe(true);
  });
});
