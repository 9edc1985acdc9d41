import { describe, expect, it } from 'vitest';
import type { SecurityRequirement } from '../core/types.js';
import { evaluateSecurity, holdsScopes, type SecurityDecision } from './authenticate.js';
import type { UserPrincipal, Verdict } from './verdict.js';
import { user, ann, bob, GUEST, req, verdicts } from '../../test/auth/authenticate-fixtures.js';

const ok = (principal: UserPrincipal): Verdict => ({ outcome: 'ok', principal });
const root = user('root', 'all');

describe('holdsScopes', () => {
  it.each<[string[] | 'all', string[], boolean]>([
    [[], [], true],
    [['a'], ['a'], true],
    [['a', 'b'], ['b'], true],
    [['a'], ['a', 'b'], false],
    [[], ['a'], false],
    ['all', ['a', 'b'], true],
  ])('%j holds %j: %s', (held, needed, expected) => {
    expect(holdsScopes(held === 'all' ? 'all' : new Set(held), needed)).toBe(expected);
  });
});

describe('evaluateSecurity', () => {
  const UNAUTHENTICATED: SecurityDecision = { allowed: false, reason: 'unauthenticated' };
  const lacks = (principal: UserPrincipal, scheme: string, missing: string[], required: string[]): SecurityDecision => ({
    allowed: false,
    reason: 'insufficient_scope',
    principal,
    scheme,
    missing,
    required,
  });
  it.each<[string, SecurityRequirement[], Map<string, Verdict>, SecurityDecision]>([
    ['an empty list leaves the operation open', [], verdicts(), { allowed: true, principal: GUEST }],
    ['an open operation still names who proved themselves', [], verdicts({ bearer: ok(ann) }), { allowed: true, principal: ann }],
    ['{} admits a guest', [req()], verdicts(), { allowed: true, principal: GUEST }],
    [
      '{} beside a requirement admits a guest',
      [req('bearer'), req()],
      verdicts({ bearer: { outcome: 'unknown' } }),
      { allowed: true, principal: GUEST },
    ],
    [
      '{} beside a requirement keeps who proved it',
      [req(), req('bearer')],
      verdicts({ bearer: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    [
      '{} beside a scope the caller lacks admits it',
      [req('oauth2=tasks:write'), req()],
      verdicts({ oauth2: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    ['one scheme proved', [req('bearer')], verdicts({ bearer: ok(ann) }), { allowed: true, principal: ann }],
    ['one scheme absent', [req('bearer')], verdicts({ bearer: { outcome: 'absent' } }), UNAUTHENTICATED],
    ['one scheme never read', [req('bearer')], verdicts(), UNAUTHENTICATED],
    ['one scheme failed', [req('bearer')], verdicts({ bearer: { outcome: 'expired' } }), UNAUTHENTICATED],
    [
      'OR: the second proved',
      [req('key'), req('bearer')],
      verdicts({ key: { outcome: 'absent' }, bearer: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    [
      'OR: the first that holds names the caller',
      [req('key'), req('bearer')],
      verdicts({ key: ok(bob), bearer: ok(ann) }),
      { allowed: true, principal: bob },
    ],
    [
      'OR: none proved',
      [req('key'), req('bearer')],
      verdicts({ key: { outcome: 'unknown' }, bearer: { outcome: 'absent' } }),
      UNAUTHENTICATED,
    ],
    [
      'AND: both proved, the first names the caller',
      [req('key', 'bearer')],
      verdicts({ key: ok(bob), bearer: ok(ann) }),
      { allowed: true, principal: bob },
    ],
    ['AND: one missing', [req('key', 'bearer')], verdicts({ key: ok(bob), bearer: { outcome: 'absent' } }), UNAUTHENTICATED],
    ['AND: the first missing', [req('key', 'bearer')], verdicts({ bearer: ok(ann) }), UNAUTHENTICATED],
    ['scopes held', [req('oauth2=tasks:read')], verdicts({ oauth2: ok(ann) }), { allowed: true, principal: ann }],
    ['every scope held', [req('oauth2=tasks:read tasks:write')], verdicts({ oauth2: ok(bob) }), { allowed: true, principal: bob }],
    ['all scopes', [req('oauth2=anything')], verdicts({ oauth2: ok(root) }), { allowed: true, principal: root }],
    [
      'a scope missing: 403',
      [req('oauth2=tasks:write')],
      verdicts({ oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'only the missing scopes are named',
      [req('oauth2=tasks:read tasks:write tasks:delete')],
      verdicts({ oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write', 'tasks:delete'], ['tasks:read', 'tasks:write', 'tasks:delete']),
    ],
    [
      'AND: the first scheme short of scopes is named',
      [req('key=a', 'oauth2=b')],
      verdicts({ key: ok(user('k', [])), oauth2: ok(user('o', [])) }),
      lacks(user('k', []), 'key', ['a'], ['a']),
    ],
    [
      'AND: the second short of scopes',
      [req('key', 'oauth2=tasks:write')],
      verdicts({ key: ok(bob), oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'OR: a scope short on one, the other holds',
      [req('oauth2=tasks:write'), req('bearer')],
      verdicts({ oauth2: ok(ann), bearer: ok(bob) }),
      { allowed: true, principal: bob },
    ],
    [
      'OR: a scope short on one, the other not proved: 403',
      [req('bearer'), req('oauth2=tasks:write')],
      verdicts({ bearer: { outcome: 'invalid' }, oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'OR: the first requirement short of scopes is the one reported',
      [req('oauth2=tasks:write'), req('oidc=openid')],
      verdicts({ oauth2: ok(ann), oidc: ok(bob) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
  ])('%s', (_title, requirements, found, expected) => {
    expect(evaluateSecurity(requirements, found)).toEqual(expected);
  });
});
