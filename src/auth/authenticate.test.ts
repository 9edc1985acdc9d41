import { describe, expect, it, vi } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import type { SecurityScheme } from '../core/types.js';
import { authenticate } from './authenticate.js';
import type { Directory } from './directory.js';
import { ann, bob, GUEST, verdicts, REQUEST } from '../../test/auth/authenticate-fixtures.js';

const schemes = new Map<string, SecurityScheme>(
  (
    [
      { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' },
      { name: 'basic', type: 'http', scheme: 'basic' },
      { name: 'bearer', type: 'http', scheme: 'bearer' },
      { name: 'signed', type: 'apiKey', in: 'header', param: 'Authorization', verifier: 'oauth1' },
    ] satisfies SecurityScheme[]
  ).map((s) => [s.name, s]),
);
const directory = (over: Partial<Directory> = {}): Directory => ({
  now: () => 0,
  keyHolder: async (value, sentAs) =>
    sentAs === 'key' && value === 'k-ann' ? ann : sentAs === 'token' && value === 't-bob' ? bob : undefined,
  passwordHolder: async (username, password) => (username !== 'ann' ? 'unknown' : password === 'pw' ? ann : 'wrong-password'),
  ...over,
});
const run = (names: string[], headers: IncomingHttpHeaders, dir: () => Directory = () => directory()) =>
  authenticate(names, schemes, { headers, query: new URLSearchParams() }, dir, REQUEST);

describe('authenticate', () => {
  it('reads nothing and makes no directory when no credential came', async () => {
    const dir = vi.fn(() => directory());
    const result = await run(['key', 'bearer'], {}, dir);
    expect(dir).not.toHaveBeenCalled();
    expect(result).toEqual({
      verdicts: verdicts({ key: { outcome: 'absent' }, bearer: { outcome: 'absent' } }),
      principal: GUEST,
      reported: { outcome: 'absent' },
    });
  });

  it('verifies each scheme named, in order, and makes the directory once', async () => {
    const dir = vi.fn(() => directory());
    const result = await run(['key', 'bearer'], { 'x-key': 'k-ann', authorization: 'Bearer t-bob' }, dir);
    expect(dir).toHaveBeenCalledTimes(1);
    expect([...result.verdicts.keys()]).toEqual(['key', 'bearer']);
    expect(result.verdicts.get('bearer')).toMatchObject({ outcome: 'ok', principal: bob });
    expect(result.principal).toBe(ann);
    expect(result.reported).toMatchObject({ outcome: 'ok', principal: ann });
  });

  it('reports the first credential that came when none proved anyone', async () => {
    const result = await run(['basic', 'key'], { 'x-key': 'nope', authorization: 'Basic ***' });
    expect(result.principal).toEqual(GUEST);
    expect(result.reported).toEqual({ outcome: 'malformed', detail: 'Basic credentials are not base64' });
    expect(result.verdicts.get('key')).toMatchObject({ outcome: 'unknown' });
  });

  it('reports the one that proved someone over an earlier failure', async () => {
    const result = await run(['key', 'basic'], { 'x-key': 'nope', authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` });
    expect(result.principal).toBe(ann);
    expect(result.reported).toEqual({ outcome: 'ok', principal: ann });
  });

  it('keeps the first failure reported when a later scheme is absent', async () => {
    const result = await run(['key', 'bearer'], { 'x-key': 'nope' });
    expect(result.reported).toMatchObject({ outcome: 'unknown' });
    expect(result.verdicts.get('bearer')).toEqual({ outcome: 'absent' });
  });

  it('treats a scheme the spec does not declare as absent', async () => {
    const result = await run(['nowhere'], { authorization: 'Bearer t-bob' });
    expect(result.verdicts.get('nowhere')).toEqual({ outcome: 'absent' });
  });

  it("ends at a scheme's own refusal, naming no one", async () => {
    const refusal = { outcome: 'refused', reason: 'signature' };
    const oauth1 = {
      deps: {} as never,
      options: {} as never,
      principalOf: () => ann,
    };
    const verify = await import('./oauth1/index.js');
    const spy = vi.spyOn(verify, 'verifyOauthRequest').mockResolvedValue(refusal as never);
    try {
      const result = await run(['key', 'signed', 'bearer'], { 'x-key': 'k-ann', authorization: 'OAuth oauth_consumer_key="c"' }, () =>
        directory({ oauth1 }),
      );
      expect(result.principal).toEqual(GUEST);
      expect(result.reported).toEqual({ outcome: 'refused', refusal });
      expect([...result.verdicts.keys()]).toEqual(['key', 'signed']);
    } finally {
      spy.mockRestore();
    }
  });
});
