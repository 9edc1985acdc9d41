import { describe, expect, it, vi } from 'vitest';
import type { Credential } from './credentials.js';
import type { Directory } from './directory.js';
import type { UserPrincipal } from './verdict.js';
import { verifyCredential } from './verify-credential.js';
import { ann, signedScheme, directory, REQUEST } from '../../test/auth/verify-credential-fixtures.js';

describe('verifyCredential', () => {
  describe('signed requests (OAuth 1.0a)', () => {
    const oauth1 = (principalOf: (key: string) => UserPrincipal | undefined) => ({ deps: {} as never, options: {} as never, principalOf });
    const signed: Credential = { kind: 'signed', authorization: 'OAuth oauth_consumer_key="ck"' };
    const withVerdict = async (verdict: unknown, dir: Directory) => {
      const module = await import('./oauth1/index.js');
      const spy = vi.spyOn(module, 'verifyOauthRequest').mockResolvedValue(verdict as never);
      try {
        return {
          verdict: await verifyCredential(signedScheme, signed, dir, { ...REQUEST, contentType: 'text/plain' }),
          calls: spy.mock.calls,
        };
      } finally {
        spy.mockRestore();
      }
    };
    it('an accepted consumer is its caller', async () => {
      const { verdict, calls } = await withVerdict({ outcome: 'ok', consumerKey: 'ck' }, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'ok', principal: ann });
      expect(calls[0][0]).toEqual({
        method: 'GET',
        url: REQUEST.url,
        contentType: 'text/plain',
        body: undefined,
        authorization: signed.authorization,
      });
    });
    it('an inactive integration is no one', async () => {
      const { verdict } = await withVerdict({ outcome: 'ok', consumerKey: 'consumer' }, directory({ oauth1: oauth1(() => undefined) }));
      expect(verdict).toEqual({ outcome: 'no-identity', detail: 'integration of consumer consum… is not active' });
    });
    it('a header that is no OAuth 1.0a is absent', async () => {
      const { verdict } = await withVerdict({ outcome: 'not-oauth' }, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'absent' });
    });
    it("the signature check's refusal is the scheme's", async () => {
      const refusal = { outcome: 'refused', reason: 'bad signature' };
      const { verdict } = await withVerdict(refusal, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'refused', refusal });
    });
  });
});
