import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCommerceTokens } from '../../src/apis/commerce/token-codec.js';
import { createSocialTokens } from '../../src/apis/social/token-codec.js';
import { createIdPermutation, TokenSpaceError } from '../../src/auth/tokens.js';
import { hashToken, createRandomPool } from '../../src/auth/secrets.js';
import { ACCOUNTS, customerToken, makeApp, socialToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();
const KEY = randomBytes(32);
const TOP = 2 ** 48 - 1;

describe('the keyed id permutation', () => {
  it('is a bijection that its inverse undoes, at both ends of the 48-bit space', () => {
    const p = createIdPermutation(KEY, 'test');
    for (const n of [0, 1, 2, 36 ** 6 - 1, 36 ** 6, 2 ** 24, 2 ** 47, TOP - 1, TOP]) {
      const wire = p.permute(n);
      expect(wire).toBeGreaterThanOrEqual(0);
      expect(wire).toBeLessThanOrEqual(TOP);
      expect(p.unpermute(wire)).toBe(n);
    }
    const seen = new Set(Array.from({ length: 5000 }, (_, i) => p.permute(i)));
    expect(seen.size).toBe(5000);
  });

  it('reads an id back the same the second time (remembered) as the first (computed), past its memory too', () => {
    const p = createIdPermutation(KEY, 'test');
    const fresh = () => createIdPermutation(KEY, 'test');
    const wires = Array.from({ length: 5000 }, (_, i) => fresh().permute(i * 7919));
    for (const round of [0, 1]) wires.forEach((w, i) => expect(p.unpermute(w), `round ${round}`).toBe(i * 7919));
    expect(() => p.unpermute(2 ** 48)).toThrow(RangeError);
    expect(() => p.unpermute(-1)).toThrow(RangeError);
  });

  it('maps ids as the createHmac rounds it was first written with do, so tokens issued before still read back', () => {
    // the reference: four Feistel rounds of HMAC-SHA256, written out with createHmac
    const roundKey = createHmac('sha256', KEY).update('authmock id permutation: test').digest();
    const round = (i: number, half: number) => {
      const input = Buffer.alloc(4);
      input.writeUIntBE(half, 0, 3);
      input[3] = i;
      return createHmac('sha256', roundKey).update(input).digest().readUIntBE(0, 3);
    };
    const reference = (n: number) => {
      let [left, right] = [Math.floor(n / 2 ** 24), n % 2 ** 24];
      for (let i = 0; i < 4; i++) [left, right] = [right, (left ^ round(i, right)) >>> 0];
      return left * 2 ** 24 + right;
    };
    const p = createIdPermutation(KEY, 'test');
    for (const n of [0, 1, 2, 999, 2 ** 24 + 5, TOP]) expect(p.permute(n)).toBe(reference(n));
  });

  it('depends on the key', () => {
    const a = createIdPermutation(KEY, 'test');
    const b = createIdPermutation(randomBytes(32), 'test');
    expect([1, 2, 3].map(a.permute)).not.toEqual([1, 2, 3].map(b.permute));
  });
});

describe('token ids on the wire', () => {
  const random = createRandomPool();

  it('commerce: 32 characters of [0-9a-z], ids not sequential, round trip at the top of the id space', () => {
    const codec = createCommerceTokens(KEY);
    const wires = [1, 2, 3, 4, 5].map((id) => codec.encode({ id, verifier: codec.newVerifier(random) }));
    for (const token of wires) expect(token).toMatch(/^[0-9a-z]{32}$/);
    const prefixes = wires.map((t) => parseInt(t.slice(0, 10), 36));
    const steps = prefixes.slice(1).map((p, i) => p - prefixes[i]);
    expect(steps.every((s) => s === 1)).toBe(false);
    expect(new Set(wires.map((t) => t.slice(0, 6))).size).toBe(5);
    for (const id of [1, 36 ** 6, TOP]) {
      const verifier = codec.newVerifier(random);
      expect(codec.decode(codec.encode({ id, verifier }))[0]).toEqual({ id, verifier });
    }
    expect(() => codec.encode({ id: TOP + 1, verifier: codec.newVerifier(random) })).toThrow(TokenSpaceError);
  });

  it('social: 43 characters of base64url, ids not sequential, round trip at the top of the id space', () => {
    const codec = createSocialTokens(KEY);
    const wires = [1, 2, 3].map((id) => codec.encode({ id, verifier: codec.newVerifier(random) }));
    for (const token of wires) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ids = wires.map((t) => Buffer.from(t, 'base64url').readUIntBE(0, 6));
    expect(ids).not.toEqual([1, 2, 3]);
    const verifier = codec.newVerifier(random);
    expect(codec.decode(codec.encode({ id: TOP, verifier }))[0]).toEqual({ id: TOP, verifier });
  });

  it('two commerce logins in a row give tokens whose ids do not follow each other', async () => {
    const t = app();
    const a = await customerToken(t);
    const b = await customerToken(t, ACCOUNTS.john);
    expect(a).toMatch(COMMERCE.tokenShape);
    expect(parseInt(b.slice(0, 10), 36) - parseInt(a.slice(0, 10), 36)).not.toBe(1);
    expect(parseInt(b.slice(0, 6), 36) - parseInt(a.slice(0, 6), 36)).not.toBe(1);
  });

  it('keeps issuing after the first format ran out of ids (36^6 - 1)', async () => {
    const t = makeApp();
    await t.http.get('/rest/V1/directory/countries').expect(200); // seeds the namespace
    // Move the store's sequence past the old format's last id.
    for (let i = 0; i < 3; i++) await customerToken(t);
    const store = t.store as unknown as { state: { lastTokenId: number } };
    store.state.lastTokenId = 36 ** 6 - 1;
    const token = await customerToken(t);
    const me = await t.http.get(COMMERCE.me).set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
  });
});

describe('tokens of the earlier format, issued before the upgrade', () => {
  const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

  it('a commerce token of 6 id characters and 26 of verifier still authenticates', async () => {
    const t = app();
    await customerToken(t); // seeds the namespace
    const verifier = Array.from(randomBytes(26), (b) => BASE36[b % 36]).join('');
    const id = await t.store.tokens.save({
      ns: 'default',
      token: {
        api: 'commerce',
        verifierHash: hashToken(verifier),
        userType: 'customer',
        userId: '1',
        issuedAt: t.clock.now(),
        expiresAt: null,
      },
    });
    const legacy = id.toString(36).padStart(6, '0') + verifier;
    const me = await t.http.get(COMMERCE.me).set('Authorization', `Bearer ${legacy}`);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(1);
    const forged = await t.http.get(COMMERCE.me).set('Authorization', `Bearer ${legacy.slice(0, 31)}${legacy[31] === 'a' ? 'b' : 'a'}`);
    expect(forged.status).toBe(401);
  });

  it('a social token with the plain 6-byte id still authenticates', async () => {
    const t = app();
    await socialToken(t); // seeds the namespace, and a client app to bind to
    const [current] = await t.store.tokens.list({ ns: 'default', api: 'social' });
    const verifierBytes = randomBytes(26);
    const id = await t.store.tokens.save({
      ns: 'default',
      token: { ...current, verifierHash: hashToken(verifierBytes.toString('base64url')) },
    });
    const bytes = Buffer.alloc(32);
    bytes.writeUIntBE(id, 0, 6);
    verifierBytes.copy(bytes, 6);
    const legacy = bytes.toString('base64url');
    const res = await t.http.get('/socialapi/user/get/profile').set('Authorization', `Bearer ${legacy}`);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(ACCOUNTS.jane.username);
  });
});
