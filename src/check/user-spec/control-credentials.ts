import { randomBytes } from 'node:crypto';
import type { CredentialNeed, CredentialProvider, Produced, Secret } from './credential-need.js';
import { describeScheme, secretKind } from './credential-need.js';
import type { RequestBudget } from './request-budget.js';
import { SetupError } from '../session.js';
import { snippet } from '../response-checks.js';
import { CLIENT_HEADER } from '../../control/cross-site.js';

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

  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    o.budget.take();
    const headers: Record<string, string> = {
      [CLIENT_HEADER]: 'authmock-check',
      ...(o.controlKey ? { 'X-Authmock-Key': o.controlKey } : {}),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${o.base}/__authmock${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new SetupError(`the control API answered ${method} /__authmock${path} with ${res.status}: ${snippet(text)}`);
    return text ? JSON.parse(text) : undefined;
  };

  const userFor = (holds: readonly string[], who: string): Promise<CheckUser> => {
    const key = `${[...holds].sort().join(' ')}|${who}`;
    let pending = users.get(key);
    if (!pending) {
      const username = `authmock-check-${++named}`;
      // Owner rules compare a claim with a parameter: each user carries every claim they name.
      const claims = Object.fromEntries(
        o.ownerClaims.filter((c) => c !== 'username' && c !== 'sub').map((c) => [c, c === 'email' ? `${username}@example.com` : username]),
      );
      const user = { username, password: randomBytes(12).toString('hex'), claims };
      pending = call('POST', `/identities/${o.api}/users`, { ...user, scopes: holds }).then(() => user);
      users.set(key, pending);
      pending.catch(() => users.delete(key));
    }
    return pending;
  };

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
