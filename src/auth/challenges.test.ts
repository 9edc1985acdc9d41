import { describe, expect, it } from 'vitest';
import type { SecurityRequirement, SecurityScheme } from '../core/types.js';
import type { SecurityDecision } from './authenticate.js';
import { challengeFor } from './challenges.js';
import type { UserPrincipal, Verdict } from './verdict.js';

type Refusal = Exclude<SecurityDecision, { allowed: true }>;

const schemes = new Map<string, SecurityScheme>(
  (
    [
      { name: 'bearer', type: 'http', scheme: 'bearer' },
      { name: 'basic', type: 'http', scheme: 'basic' },
      { name: 'oauth2', type: 'oauth2', flows: {} },
      { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' },
      { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' },
      { name: 'mtls', type: 'unsupported', declared: 'mutualTLS' },
    ] satisfies SecurityScheme[]
  ).map((s) => [s.name, s]),
);
const req = (...names: string[]): SecurityRequirement => names.map((scheme) => ({ scheme, scopes: [] }));
const user: UserPrincipal = { kind: 'user', userType: 'user', userId: 'ann', subject: 'ann', scopes: new Set(), identity: {} };
const UNAUTHENTICATED: Refusal = { allowed: false, reason: 'unauthenticated' };
const lacking = (missing: string[], required: string[]): Refusal => ({
  allowed: false,
  reason: 'insufficient_scope',
  principal: user,
  scheme: 'oauth2',
  missing,
  required,
});
const verdicts = (entries: Record<string, Verdict> = {}) => new Map(Object.entries(entries));
const BEARER = 'Bearer realm="api"';
const BASIC = 'Basic realm="api", charset="UTF-8"';

describe('challengeFor', () => {
  it.each<[string, Refusal, SecurityRequirement[], Map<string, Verdict>, string | undefined]>([
    ['a bearer scheme, nothing sent', UNAUTHENTICATED, [req('bearer')], verdicts(), BEARER],
    ['an oauth2 scheme', UNAUTHENTICATED, [req('oauth2')], verdicts(), BEARER],
    ['an openIdConnect scheme', UNAUTHENTICATED, [req('oidc')], verdicts(), BEARER],
    ['Basic, with its charset', UNAUTHENTICATED, [req('basic')], verdicts(), BASIC],
    ['an API key has none', UNAUTHENTICATED, [req('key')], verdicts(), undefined],
    ['an unsupported scheme has none', UNAUTHENTICATED, [req('mtls')], verdicts(), undefined],
    ['an undeclared scheme has none', UNAUTHENTICATED, [req('nowhere')], verdicts(), undefined],
    ['no requirements', UNAUTHENTICATED, [], verdicts(), undefined],
    [
      'one Bearer for bearer, oauth2 and openIdConnect (OR)',
      UNAUTHENTICATED,
      [req('bearer'), req('oauth2'), req('oidc')],
      verdicts(),
      BEARER,
    ],
    ['Bearer and Basic in the order named', UNAUTHENTICATED, [req('oauth2'), req('key'), req('basic')], verdicts(), `${BEARER}, ${BASIC}`],
    ['Basic first when named first (AND)', UNAUTHENTICATED, [req('basic', 'bearer')], verdicts(), `${BASIC}, ${BEARER}`],
    [
      'an expired bearer',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'expired' } }),
      `${BEARER}, error="invalid_token", error_description="the access token expired"`,
    ],
    [
      'a malformed bearer',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'malformed' } }),
      `${BEARER}, error="invalid_token", error_description="the access token is malformed"`,
    ],
    [
      'a bearer of no active identity',
      UNAUTHENTICATED,
      [req('oauth2')],
      verdicts({ oauth2: { outcome: 'no-identity' } }),
      `${BEARER}, error="invalid_token", error_description="the access token belongs to no active identity"`,
    ],
    [
      'an invalid bearer with a detail',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'invalid', detail: 'bad "signature"' } }),
      `${BEARER}, error="invalid_token", error_description="bad \\"signature\\""`,
    ],
    [
      'an invalid bearer without one',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'invalid' } }),
      `${BEARER}, error="invalid_token", error_description="the access token is not valid"`,
    ],
    [
      'an unknown bearer with a detail',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'unknown', detail: 'no such\ntoken' } }),
      `${BEARER}, error="invalid_token", error_description="no such token"`,
    ],
    [
      'a revoked bearer with a detail',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'revoked', detail: 'revoked by its grant' } }),
      `${BEARER}, error="invalid_token", error_description="revoked by its grant"`,
    ],
    [
      'an unknown bearer',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'unknown' } }),
      `${BEARER}, error="invalid_token", error_description="the access token is unknown or revoked"`,
    ],
    [
      'a refused bearer',
      UNAUTHENTICATED,
      [req('bearer')],
      verdicts({ bearer: { outcome: 'refused', refusal: {} } }),
      `${BEARER}, error="invalid_token", error_description="the access token is unknown or revoked"`,
    ],
    ['an absent bearer is no invalid token', UNAUTHENTICATED, [req('bearer')], verdicts({ bearer: { outcome: 'absent' } }), BEARER],
    [
      'a bearer that proved someone is no invalid token',
      UNAUTHENTICATED,
      [req('bearer', 'key')],
      verdicts({ bearer: { outcome: 'ok', principal: user } }),
      BEARER,
    ],
    [
      'a failed API key is no invalid token',
      UNAUTHENTICATED,
      [req('bearer'), req('key')],
      verdicts({ key: { outcome: 'unknown' } }),
      BEARER,
    ],
    [
      'a failed Basic is no invalid token',
      UNAUTHENTICATED,
      [req('basic'), req('bearer')],
      verdicts({ basic: { outcome: 'invalid', detail: 'wrong password' } }),
      `${BASIC}, ${BEARER}`,
    ],
    [
      'a failed scheme the spec does not declare is no invalid token',
      UNAUTHENTICATED,
      [req('nowhere'), req('bearer')],
      verdicts({ nowhere: { outcome: 'expired' } }),
      BEARER,
    ],
    [
      'a failed openIdConnect token',
      UNAUTHENTICATED,
      [req('key'), req('oidc')],
      verdicts({ key: { outcome: 'unknown' }, oidc: { outcome: 'expired' } }),
      `${BEARER}, error="invalid_token", error_description="the access token expired"`,
    ],
    [
      'the first failed bearer of several',
      UNAUTHENTICATED,
      [req('bearer'), req('oauth2')],
      verdicts({ bearer: { outcome: 'absent' }, oauth2: { outcome: 'expired' } }),
      `${BEARER}, error="invalid_token", error_description="the access token expired"`,
    ],
    [
      'a missing scope',
      lacking(['tasks:write'], ['tasks:read', 'tasks:write']),
      [req('oauth2')],
      verdicts(),
      `${BEARER}, error="insufficient_scope", error_description="the token lacks tasks:write", scope="tasks:read tasks:write"`,
    ],
    [
      'a missing scope beside Basic',
      lacking(['a', 'b'], ['a', 'b']),
      [req('basic'), req('oauth2')],
      verdicts({ oauth2: { outcome: 'expired' } }),
      `${BASIC}, ${BEARER}, error="insufficient_scope", error_description="the token lacks a b", scope="a b"`,
    ],
  ])('%s', (_title, refusal, requirements, found, expected) => {
    expect(challengeFor(refusal, requirements, schemes, found, 'api')).toBe(expected);
  });

  it('quotes the realm', () => {
    expect(challengeFor(UNAUTHENTICATED, [req('bearer')], schemes, verdicts(), 'my "api"\r\n')).toBe('Bearer realm="my \\"api\\"  "');
  });
});
