import { randomBytes } from 'node:crypto';
import type { CredentialNeed, CredentialProvider, Produced, Secret } from './credential-need.js';
import { describeScheme, secretKind } from './credential-need.js';
import type { RequestBudget } from './request-budget.js';
import { createControlClient } from './control-client.js';
import { matchingString, satisfies } from './schema-values.js';

export interface ControlOptions {
  /** the spec's name, as authmock serves it */
  api: string;
  /** the check's namespace on the target: `<target>/__ns/<name>` */
  base: string;
  controlKey?: string;
  timeoutMs: number;
  budget: RequestBudget;
  /** the claims the spec's owner rules compare with a parameter (`username` and `sub` every user has) */
  ownerClaims: readonly string[];
  /** claim -> the schemas of the owner parameters that compare it: a user's value of that claim must satisfy each */
  ownerSchemas?: Readonly<Record<string, readonly unknown[]>>;
}

// Live tokens outlast any number of the clock moves that expire the others.
const LIVE_SECONDS = 30 * 24 * 3600;
const EXPIRING_SECONDS = 60;

interface CheckUser {
  username: string;
  password: string;
  claims: Record<string, string>;
}

/**
 * Credentials made to measure through authmock's control API, in the check's own
 * namespace: a user per scope set (and a second one where another user's credential is
 * needed), its tokens (each for the scheme that needs it) and API keys with exactly those scopes, expired tokens by moving
 * the namespace's clock past their lifetime, revoked ones by revoking them. Each is made
 * once and reused.
 */
export function createControlCredentials(o: ControlOptions): CredentialProvider {
  const users = new Map<string, Promise<CheckUser>>();
  const made = new Map<string, Promise<Produced>>();
  let named = 0;

  const call = createControlClient(o);

  const userFor = (holds: readonly string[], who: string): Promise<CheckUser> => {
    const key = `${[...holds].sort().join(' ')}|${who}`;
    let pending = users.get(key);
    if (!pending) {
      const n = ++named;
      const user = { ...namesOf(n).names, password: randomBytes(12).toString('hex') };
      pending = call('POST', `/identities/${o.api}/users`, { ...user, scopes: holds }).then(() => user);
      users.set(key, pending);
      pending.catch(() => users.delete(key));
    }
    return pending;
  };

  const fits = (claim: string, value: string) => (o.ownerSchemas?.[claim] ?? []).every((schema) => satisfies(schema, value));
  /** The n-th user's value of these claims: `authmock-check-<n>` where the owner parameters take it, else a name that fits them. */
  const nameFor = (n: number, claims: readonly string[]): string | undefined => {
    const all = (value: string) => claims.every((c) => fits(c, value));
    const made = claims.flatMap((c) => o.ownerSchemas?.[c] ?? []).map((schema) => matchingString(schema as Record<string, unknown>, n));
    return [`authmock-check-${n}`, `authmockcheck${letters(n)}`, ...made].find((v): v is string => v !== undefined && all(v));
  };
  /** The n-th user's name and claims; `fit` false where some owner parameter takes none of them. */
  const namesOf = (n: number): { names: { username: string; claims: Record<string, string> }; fit: boolean } => {
    const named = nameFor(n, ['username', 'sub']);
    const username = named ?? `authmock-check-${n}`;
    let fit = named !== undefined;
    // Owner rules compare a claim with a parameter: each user carries every claim they name.
    const claims: Record<string, string> = {};
    for (const c of o.ownerClaims.filter((c) => c !== 'username' && c !== 'sub')) {
      const value = c === 'email' && fits(c, `${username}@example.com`) ? `${username}@example.com` : nameFor(n, [c]);
      fit &&= value !== undefined;
      claims[c] = value ?? username;
    }
    return { names: { username, claims }, fit };
  };
  // an owner parameter no name the checker makes fits: its owner-only cells are skipped, saying so
  const unnameable = namesOf(1).fit ? undefined : unnameableReason(o);

  const produce = async (need: CredentialNeed): Promise<Produced> => {
    const user = await userFor(need.holds, need.user ?? 'owner');
    const owner = (claim: string) => (claim === 'username' || claim === 'sub' ? user.username : user.claims[claim]);
    const kind = secretKind(need.scheme);
    let secret: Secret;
    if (kind === 'password') secret = { kind, username: user.username, password: user.password };
    else if (kind === 'key') secret = { kind, value: await apiKey(need, user) };
    else secret = { kind: 'token', value: await token(need, user) };
    return { secret, owner };
  };

  const token = async (need: CredentialNeed, user: CheckUser): Promise<string> => {
    const expiresIn = need.state === 'expired' ? EXPIRING_SECONDS : LIVE_SECONDS;
    // minted for the need's scheme: a token proves the scheme it was issued for (provesScheme, src/auth/verify-credential.ts)
    const minted = await call('POST', '/tokens', {
      api: o.api,
      user: user.username,
      scopes: need.holds,
      expiresIn,
      scheme: need.scheme.name,
    });
    if (need.state === 'expired') await call('POST', '/clock', { advanceSeconds: EXPIRING_SECONDS + 1 });
    if (need.state === 'revoked') await call('DELETE', `/tokens/${o.api}/${minted.id}`);
    return minted.token;
  };

  const apiKey = async (need: CredentialNeed, user: CheckUser): Promise<string> => {
    const created = await call('POST', `/identities/${o.api}/api-keys`, { user: user.username, scopes: need.holds });
    if (need.state === 'revoked') await call('DELETE', `/identities/${o.api}/api-keys/${created.id}`);
    return created.key;
  };

  return {
    cannot(need) {
      if (need.user && unnameable) return unnameable;
      const kind = secretKind(need.scheme);
      if (kind === undefined) return `the checker cannot send ${describeScheme(need.scheme)} credentials`;
      if (need.state === 'expired' && kind !== 'token')
        return `authmock's ${kind === 'key' ? 'API keys' : 'Basic credentials'} do not expire (${need.scheme.name})`;
      if (need.state === 'revoked' && kind === 'password') return `Basic credentials are not revoked, only changed (${need.scheme.name})`;
      return undefined;
    },
    produce(need) {
      const key = `${need.scheme.name}|${need.state}|${[...need.holds].sort().join(' ')}|${need.user ?? ''}`;
      let pending = made.get(key);
      if (!pending) {
        pending = produce(need);
        made.set(key, pending);
        pending.catch(() => made.delete(key)); // a budget spent mid-way: the next case may try again
      }
      return pending;
    },
  };
}

/** 1 -> 'a', 26 -> 'z', 27 -> 'aa': a name of letters only. */
function letters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
  return out;
}

function unnameableReason(o: ControlOptions): string {
  const patterns = Object.values(o.ownerSchemas ?? {})
    .flat()
    .map((s) => (s as { pattern?: unknown }).pattern)
    .filter((p) => typeof p === 'string');
  return `the checker can make no user name that the owner parameters' schemas accept${patterns.length ? ` (pattern ${patterns.join(', ')})` : ''}`;
}
