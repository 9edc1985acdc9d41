import { createHmac, createSecretKey } from 'node:crypto';
import type { RandomSource } from '../core/types.js';
import type { TokenStore } from '../store/store.js';
import { hashToken } from './secrets.js';

/**
 * Split tokens: a public id (which row to read) and a secret verifier (compared with the
 * stored hash in constant time). The id makes every insert an append to the store's
 * table instead of a write at a random place, and the store keeps no usable token.
 */
export interface TokenParts {
  id: number;
  verifier: string;
}

export interface TokenCodec {
  readonly shape: RegExp;
  /** the largest id the format can carry; encode refuses a larger one */
  readonly maxId: number;
  newVerifier(random: RandomSource): string;
  encode(parts: TokenParts): string;
  /**
   * What the token may be, in the order to try: the current format first, then an older
   * one whose tokens are still in the store. Empty when it is no token of this API.
   */
  decode(token: string): TokenParts[];
}

export class TokenSpaceError extends Error {
  override name = 'TokenSpaceError';
}

/** Guards a codec's id space: an id past it would make a token that reads back as another. */
export function checkIdSpace(codec: Pick<TokenCodec, 'maxId'>, id: number): void {
  if (!Number.isSafeInteger(id) || id < 1 || id > codec.maxId) {
    throw new TokenSpaceError(`token id ${id} is outside the format's id space (1..${codec.maxId})`);
  }
}

/** What a new opaque token is for: the store, the format, the clock and whom it names. */
export interface TokenGrant {
  tokens: TokenStore;
  ns: string;
  api: string;
  codec: TokenCodec;
  random: RandomSource;
  now: number;
  /** seconds; undefined: never expires */
  lifetime: number | undefined;
  userType: string;
  userId: string;
  clientApp?: string;
  /** the permissions the token carries, where fewer than the identity's (a user spec's) */
  scopes?: readonly string[];
  /** claims minted into it through the control API */
  claims?: Record<string, unknown>;
}

/** Mints a token: stores the hash of its verifier with the user, lifetime, scopes and claims; returns it once. */
export async function issueToken(grant: TokenGrant): Promise<string> {
  const { tokens, codec, now, lifetime } = grant;
  const verifier = codec.newVerifier(grant.random);
  const id = await tokens.save({
    ns: grant.ns,
    token: {
      api: grant.api,
      verifierHash: hashToken(verifier),
      userType: grant.userType,
      userId: grant.userId,
      clientApp: grant.clientApp,
      issuedAt: now,
      expiresAt: lifetime ? now + lifetime * 1000 : null,
      ...(grant.scopes ? { scopes: [...grant.scopes] } : {}),
      ...(grant.claims ? { claims: grant.claims } : {}),
    },
  });
  return codec.encode({ id, verifier });
}

const HALF_BITS = 24;
const HALF = 2 ** HALF_BITS;
const ROUNDS = 4;
/** ids read back kept per permutation: a client sends the same token many times */
const REMEMBERED = 4096;

/** A bijection of [0, 2^48) onto itself, and its inverse. */
export interface IdPermutation {
  readonly bits: 48;
  permute(n: number): number;
  unpermute(n: number): number;
}

/**
 * A keyed permutation of 48-bit numbers: a balanced Feistel network of four rounds
 * (Luby-Rackoff: four rounds of a pseudorandom function make a strong pseudorandom
 * permutation) whose round function is HMAC-SHA256 under a key derived from `key`.
 * Token ids stay row ids in the store (appends, no lookup table) but read as random on
 * the wire, so a token no longer tells how many were issued before it.
 */
export function createIdPermutation(key: Buffer, purpose: string): IdPermutation {
  // a KeyObject: imported once, not on each of a token's four rounds
  const roundKey = createSecretKey(createHmac('sha256', key).update(`authmock id permutation: ${purpose}`).digest());
  const input = Buffer.alloc(4);
  // the round's input is the 24-bit half and the round number, 4 bytes; its output the MAC's first 24 bits
  const round = (i: number, half: number): number => {
    input.writeUInt32BE(((half << 8) | i) >>> 0);
    return createHmac('sha256', roundKey).update(input).digest().readUIntBE(0, 3);
  };
  const check = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0 || n >= HALF * HALF) throw new RangeError(`${n} is not a 48-bit id`);
  };
  // Four HMACs per token read were 8% of a GET me: the ids read recently are kept.
  const remembered = new Map<number, number>();
  return {
    bits: 48,
    permute(n) {
      check(n);
      let left = Math.floor(n / HALF);
      let right = n % HALF;
      for (let i = 0; i < ROUNDS; i++) {
        const next = (left ^ round(i, right)) >>> 0;
        left = right;
        right = next;
      }
      return left * HALF + right;
    },
    unpermute(n) {
      const known = remembered.get(n);
      if (known !== undefined) return known;
      check(n);
      let left = Math.floor(n / HALF);
      let right = n % HALF;
      for (let i = ROUNDS - 1; i >= 0; i--) {
        const previous = (right ^ round(i, left)) >>> 0;
        right = left;
        left = previous;
      }
      if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as number);
      remembered.set(n, left * HALF + right);
      return left * HALF + right;
    },
  };
}
