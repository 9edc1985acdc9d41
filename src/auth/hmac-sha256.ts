import { createHash } from 'node:crypto';
import { compressSha256, compressWords, sha256InitialState } from './sha256-block.js';

const BLOCK = 64;
/** room for the messages a login hashes (names, passwords, ids) without an allocation */
const SCRATCH = 512;

/** HMAC-SHA256 under one fixed key. */
export interface KeyedSha256 {
  /** the 32-byte MAC of a message */
  mac(message: string | Buffer): Buffer;
  /** the MAC's first 32 bits, of the 4-byte big-endian message `word`: no buffer at all */
  firstWordOf(word: number): number;
}

/**
 * HMAC-SHA256 (RFC 2104) under a key fixed once, byte for byte what `createHmac` gives.
 * The SHA-256 states after the key's two padded blocks (the "midstates") are computed
 * once, so a MAC of a short message is two block compressions and no call into OpenSSL.
 * A login hashes a password and four token-id rounds: through `createHmac`, which builds
 * a stream object and re-keys each time, that was a fifth of its time (bench/profile.mjs),
 * and a one-shot `crypto.hash` pair still costs twice what the two compressions do here.
 * The compression has no data-dependent branch or table index, so it runs in the same
 * time for every secret, and the scratch buffer is wiped after each use.
 */
export function createKeyedSha256(key: Buffer): KeyedSha256 {
  const pad = Buffer.alloc(BLOCK);
  (key.length > BLOCK ? createHash('sha256').update(key).digest() : key).copy(pad);
  const w = new Int32Array(64);
  const innerStart = sha256InitialState();
  const outerStart = sha256InitialState();
  for (let i = 0; i < BLOCK; i++) pad[i] ^= 0x36;
  compressSha256(innerStart, w, pad, 0);
  for (let i = 0; i < BLOCK; i++) pad[i] ^= 0x36 ^ 0x5c;
  compressSha256(outerStart, w, pad, 0);
  pad.fill(0);
  const state = new Int32Array(8);
  const scratch = Buffer.alloc(SCRATCH + BLOCK);

  /** the outer hash over the inner digest in `state`: key block (in the midstate), then 32 bytes */
  const outer = (): void => {
    for (let i = 0; i < 8; i++) w[i] = state[i];
    w[8] = 0x80000000;
    w.fill(0, 9, 15);
    w[15] = (BLOCK + 32) * 8;
    state.set(outerStart);
    compressWords(state, w);
  };

  return {
    mac(message) {
      const length = typeof message === 'string' ? Buffer.byteLength(message, 'utf8') : message.length;
      // the message, a 0x80 byte, zeros, and the bit length of key block + message in 8 bytes
      const padded = (length + 9 + BLOCK - 1) & ~(BLOCK - 1);
      const buf = padded <= scratch.length ? scratch : Buffer.alloc(padded);
      if (typeof message === 'string') buf.write(message, 0, 'utf8');
      else message.copy(buf, 0);
      buf.fill(0, length, padded);
      buf[length] = 0x80;
      const bits = (BLOCK + length) * 8;
      buf.writeUInt32BE(Math.floor(bits / 2 ** 32), padded - 8);
      buf.writeUInt32BE(bits >>> 0, padded - 4);
      state.set(innerStart);
      for (let at = 0; at < padded; at += BLOCK) compressSha256(state, w, buf, at);
      buf.fill(0, 0, padded);
      outer();
      const out = Buffer.alloc(32);
      for (let i = 0; i < 8; i++) {
        const v = state[i];
        out[i * 4] = v >>> 24;
        out[i * 4 + 1] = v >>> 16;
        out[i * 4 + 2] = v >>> 8;
        out[i * 4 + 3] = v;
      }
      return out;
    },
    firstWordOf(word) {
      w[0] = word;
      w[1] = 0x80000000;
      w.fill(0, 2, 15);
      w[15] = (BLOCK + 4) * 8;
      state.set(innerStart);
      compressWords(state, w);
      outer();
      return state[0] >>> 0;
    },
  };
}
