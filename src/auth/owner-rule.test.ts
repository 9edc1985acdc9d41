import { describe, expect, it } from 'vitest';
import type { Principal } from '../core/types.js';
import { judgeAccess, visibleTo, type OwnershipPolicy } from './owner-rule.js';

const user = (subject: string, scopes: string[] = []): Principal => ({
  kind: 'user',
  userType: 'user',
  userId: subject,
  subject,
  scopes: new Set(scopes),
  identity: {},
});
const policy = (visibility: OwnershipPolicy['visibility'], others: 404 | 403 = 404): OwnershipPolicy => ({
  visibility,
  others,
  adminScopes: ['admin'],
});
const alice = user('alice');
const bob = user('bob');
const admin = user('root', ['admin']);

describe('the owner rule', () => {
  it.each([
    ['private', 'read', alice, true],
    ['private', 'write', alice, true],
    ['private', 'read', bob, 404],
    ['private', 'write', bob, 404],
    ['private', 'write', admin, true],
    ['shared-read', 'read', bob, true],
    ['shared-read', 'write', bob, 403],
    ['shared-read', 'write', admin, true],
    ['shared', 'write', bob, true],
  ] as const)('%s, %s by %o: %s', (visibility, access, caller, expected) => {
    const verdict = judgeAccess(policy(visibility), 'alice', caller, access);
    expect(verdict).toEqual(expected === true ? { allowed: true } : { allowed: false, status: expected });
  });

  it('answers 403 instead of 404 to others when the collection says so', () => {
    expect(judgeAccess(policy('private', 403), 'alice', bob, 'read')).toEqual({ allowed: false, status: 403 });
  });

  it('lets every caller that passed security touch an object no one owns', () => {
    expect(judgeAccess(policy('private'), undefined, bob, 'write')).toEqual({ allowed: true });
    expect(judgeAccess(policy('private'), undefined, { kind: 'guest' }, 'read')).toEqual({ allowed: true });
  });

  it('refuses a guest an owned private object', () => {
    expect(judgeAccess(policy('private'), 'alice', { kind: 'guest' }, 'read')).toEqual({ allowed: false, status: 404 });
  });

  it('lists a private collection to each caller as its own, and everything to admins and shared collections', () => {
    expect(visibleTo(policy('private'), alice)).toBe('alice');
    expect(visibleTo(policy('private'), admin)).toBeUndefined();
    expect(visibleTo(policy('shared-read'), bob)).toBeUndefined();
    expect(visibleTo(policy('private'), { kind: 'guest' })).toBe('\0guest');
  });

  it('takes a caller holding every scope as an admin', () => {
    expect(judgeAccess(policy('private'), 'alice', { ...bob, scopes: 'all' } as Principal, 'write')).toEqual({ allowed: true });
  });
});
