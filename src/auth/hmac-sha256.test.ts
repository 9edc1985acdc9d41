import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createKeyedSha256 } from './hmac-sha256.js';

describe('createKeyedSha256', () => {
  it('gives what createHmac gives, for keys shorter than, equal to and longer than a block', () => {
    for (const size of [0, 1, 16, 32, 63, 64, 65, 100, 200]) {
      const key = randomBytes(size);
      const { mac } = createKeyedSha256(key);
      for (const message of ['', 'a', 'roni_cost3@example.com', 'pässwörd ✓ 🔑', 'x'.repeat(512), 'y'.repeat(513), Buffer.from([0, 1, 2, 255])]) {
        expect(mac(message).toString('hex'), `key ${size} bytes, message ${String(message).slice(0, 20)}`).toBe(
          createHmac('sha256', key).update(message).digest('hex'),
        );
      }
    }
  });

  it('agrees with createHmac on any message, one call after another (the scratch buffer keeps nothing)', () => {
    const key = randomBytes(32);
    const { mac } = createKeyedSha256(key);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 700 }), fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a))), (message) => {
        expect(mac(message).equals(createHmac('sha256', key).update(message).digest())).toBe(true);
      }),
      { numRuns: 500, seed: 15 },
    );
  });

  it('hashes a message of many blocks (past its scratch room) as createHmac does', () => {
    const key = randomBytes(200);
    const { mac } = createKeyedSha256(key);
    for (const size of [55, 56, 63, 64, 119, 120, 575, 576, 100_000]) {
      const message = randomBytes(size);
      expect(mac(message).equals(createHmac('sha256', key).update(message).digest()), `${size} bytes`).toBe(true);
    }
  });

  it('gives the first 32 bits of the MAC of a 4-byte word without a buffer', () => {
    const key = randomBytes(32);
    const keyed = createKeyedSha256(key);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (word) => {
        const message = Buffer.alloc(4);
        message.writeUInt32BE(word);
        expect(keyed.firstWordOf(word)).toBe(createHmac('sha256', key).update(message).digest().readUInt32BE(0));
        // and the byte path after it still agrees (the two share the schedule and state)
        expect(keyed.mac(message).equals(createHmac('sha256', key).update(message).digest())).toBe(true);
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('answers a fresh buffer each time: a caller may keep it', () => {
    const { mac } = createKeyedSha256(randomBytes(32));
    const first = mac('one');
    const copy = Buffer.from(first);
    mac('two');
    expect(first.equals(copy)).toBe(true);
  });
});
