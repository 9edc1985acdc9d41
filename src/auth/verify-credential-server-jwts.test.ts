import { describe, expect, it, vi } from 'vitest';
import type { Verdict } from './verdict.js';
import { bob, bearer, oauth2, oidc, tokenKey, JWT, directory, REQUEST, token, verify } from '../../test/auth/verify-credential-fixtures.js';

describe('verifyCredential', () => {
  describe("the authorization server's JWTs", () => {
    const jwtOk: Verdict = { outcome: 'ok', principal: bob, tokenPrefix: 'eyJhbG' };
    it.each([bearer, oauth2, oidc])('go to the directory on %s', async (scheme) => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(scheme, token(JWT), directory({ jwt }))).toMatchObject({ outcome: 'ok', principal: bob });
      expect(jwt).toHaveBeenCalledWith(JWT, REQUEST.url);
    });
    it('not on an apiKey', async () => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(tokenKey, token(JWT), directory({ jwt }))).toMatchObject({ outcome: 'malformed' });
      expect(jwt).not.toHaveBeenCalled();
    });
    it('an opaque token never goes there', async () => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(oauth2, token('amk-1-good'), directory({ jwt }))).toMatchObject({ outcome: 'ok', tokenId: 1 });
      expect(jwt).not.toHaveBeenCalled();
    });
    it("a JWT where the API names no server is one of the API's formats or none", async () => {
      expect(await verify(oauth2, token(JWT), directory())).toMatchObject({ outcome: 'malformed' });
    });
    it("the directory's refusal is the verdict", async () => {
      const expired: Verdict = { outcome: 'expired', tokenPrefix: 'eyJhbG', detail: 'exp passed' };
      expect(await verify(oauth2, token(JWT), directory({ jwt: async () => expired }))).toEqual(expired);
    });
  });
});
