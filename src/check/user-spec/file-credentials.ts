import type { SecurityScheme } from '../../core/types.js';
import { UsageError } from '../../core/usage-error.js';
import { SkipCase } from '../run-cases.js';
import { SetupError } from '../session.js';
import type { CredentialNeed, CredentialProvider, Produced, Secret } from './credential-need.js';
import { secretKind } from './credential-need.js';
import type { CredentialsFile, FileClient, FileCredential } from './read-credentials-file.js';
import type { RequestBudget } from './request-budget.js';
import { requestClientToken } from './client-credentials-grant.js';

export interface FileOptions {
  file: CredentialsFile;
  /** the target, against which a relative tokenUrl or openIdConnectUrl is resolved */
  target: string;
  timeoutMs: number;
  budget: RequestBudget;
}

type Source = { entry: FileCredential } | { client: FileClient } | { reason: string };

const words = (scopes: readonly string[]) => (scopes.length ? scopes.join(' ') : 'no scopes');

/**
 * Credentials from `--credentials`, for a server that is not authmock. A need is met by
 * the credential of its scheme that holds the scopes it needs and none it must lack,
 * with the fewest scopes (exactly the needed ones, when given); else by a token an OAuth
 * client of the scheme gets for exactly those scopes; else it cannot be met, and the
 * cell is skipped saying what the file lacks.
 */
export function createFileCredentials(o: FileOptions): CredentialProvider {
  const granted = new Map<string, Promise<string>>();

  const find = (need: CredentialNeed): Source => {
    const name = need.scheme.name;
    const mine = o.file.credentials.filter((c) => c.scheme === name);
    if (need.state !== 'live') {
      const entry = mine.find((c) => c[need.state as 'expired' | 'revoked']);
      return entry ? { entry } : { reason: `the credentials file has no ${need.state} credential of ${name}` };
    }
    let fitting = mine.filter((c) => !c.expired && !c.revoked && fits(c.scopes, need)).sort((a, b) => a.scopes.length - b.scopes.length);
    if (need.user) fitting = fitting.filter((c) => c.user !== undefined);
    if (need.user === 'other') {
      const owner = find({ ...need, user: 'owner' });
      if (!('entry' in owner)) return owner;
      fitting = fitting.filter((c) => c.user !== owner.entry.user);
    }
    const exact = fitting.find((c) => c.scopes.length === need.holds.length);
    const client = need.user ? undefined : o.file.clients.find((c) => c.scheme === name);
    const found = exact ?? (client ? undefined : fitting[0]);
    if (found) return { entry: found };
    if (client) return { client };
    const whose = need.user === 'owner' ? ', with its user' : need.user === 'other' ? ', of a second user' : '';
    const lacking = need.lacks.length ? ` and not ${words(need.lacks)}` : '';
    return { reason: `the credentials file has no ${name} credential that holds ${words(need.holds)}${lacking}${whose}` };
  };

  const clientToken = (need: CredentialNeed, client: FileClient): Promise<string> => {
    const key = `${client.where} ${[...need.holds].sort().join(' ')}`;
    let pending = granted.get(key);
    if (!pending) {
      pending = (async () => {
        const tokenUrl = await findTokenUrl(need.scheme, o);
        const got = await requestClientToken({ tokenUrl, ...client, scopes: need.holds, timeoutMs: o.timeoutMs, budget: o.budget });
        if (!fits(got.scopes, need))
          throw new SkipCase(
            `the token endpoint granted client ${client.clientId} ${words(got.scopes)} when asked for ${words(need.holds)}`,
          );
        return got.token;
      })();
      granted.set(key, pending);
      pending.catch(() => granted.delete(key));
    }
    return pending;
  };

  return {
    cannot(need) {
      const found = find(need);
      return 'reason' in found ? found.reason : undefined;
    },
    async produce(need): Promise<Produced> {
      const found = find(need);
      if ('reason' in found) throw new SkipCase(found.reason);
      if ('client' in found) return { secret: { kind: 'token', value: await clientToken(need, found.client) } };
      const entry = found.entry;
      return { secret: secretOf(entry, need.scheme), owner: () => entry.user };
    },
  };
}

function fits(scopes: readonly string[], need: CredentialNeed): boolean {
  return need.holds.every((s) => scopes.includes(s)) && !need.lacks.some((s) => scopes.includes(s));
}

function secretOf(c: FileCredential, scheme: SecurityScheme): Secret {
  const kind = secretKind(scheme);
  if (kind === 'password') return { kind, username: c.username!, password: c.password! };
  return { kind: kind ?? 'token', value: (kind === 'key' ? (c.key ?? c.token) : (c.token ?? c.key))! };
}

/** The scheme's token endpoint: an oauth2 flow's tokenUrl (client credentials first), or an OpenID provider's, by discovery. */
async function findTokenUrl(scheme: SecurityScheme, o: FileOptions): Promise<string> {
  const base = `${o.target.replace(/\/+$/, '')}/`;
  if (scheme.type === 'oauth2') {
    const flows = Object.values(scheme.flows);
    const url = (scheme.flows.clientCredentials ?? flows.find((f) => f.tokenUrl))?.tokenUrl;
    if (url) return new URL(url, base).href;
  }
  if (scheme.type === 'openIdConnect') {
    o.budget.take();
    const res = await fetch(new URL(scheme.url, base), { signal: AbortSignal.timeout(o.timeoutMs) });
    const endpoint = res.ok ? ((await res.json()) as { token_endpoint?: unknown }).token_endpoint : undefined;
    if (typeof endpoint === 'string') return new URL(endpoint, base).href;
  }
  throw new SetupError(`${scheme.name} names no token endpoint the checker can use`);
}

/** Every credential and client names a scheme of a spec, and carries what that scheme takes. */
export function checkCredentialsFile(file: CredentialsFile, schemes: ReadonlyMap<string, SecurityScheme>): void {
  const fail = (where: string, reason: string): never => {
    throw new UsageError(`credentials file ${file.file}: ${where} ${reason}`);
  };
  const schemeOf = (name: string, where: string) =>
    schemes.get(name) ??
    fail(`${where}.scheme`, `names ${name}, which no spec declares (declared: ${[...schemes.keys()].join(', ') || 'none'})`);
  for (const c of file.credentials) {
    const kind = secretKind(schemeOf(c.scheme, c.where));
    if (kind === undefined) fail(c.where, `is for ${c.scheme}, whose credentials the checker cannot send`);
    if (kind === 'password' && c.username === undefined) fail(c.where, `is for ${c.scheme}, which takes a username and password`);
    if (kind !== 'password' && c.username !== undefined)
      fail(c.where, `is for ${c.scheme}, which takes a ${kind}, not a username and password`);
  }
  for (const c of file.clients) {
    const scheme = schemeOf(c.scheme, c.where);
    if (scheme.type !== 'oauth2' && scheme.type !== 'openIdConnect')
      fail(`${c.where}.scheme`, `names ${c.scheme}, which is no oauth2 or openIdConnect scheme`);
  }
}
