import { existsSync } from 'node:fs';
import { FixtureError } from '../../fixtures/fixture-error.js';
import { readFixtureFile } from '../../fixtures/read-fixture-file.js';
import type { OperationOverlay } from '../../spec/build-operations.js';
import type { CollectionBinding } from '../../spec/infer-collections.js';
import type { Visibility } from '../../auth/owner-rule.js';

/** A user, as the identity file or the control API gives it (the password in clear, once). */
export interface UserInput {
  username: string;
  password: string;
  scopes: string[];
  claims: Record<string, unknown>;
}

export interface ApiKeyInput {
  key: string;
  /** whose key it is: the caller is that user, with the key's scopes */
  user?: string;
  scopes: string[];
}

export interface ClientInput {
  clientId: string;
  /** none: a public client (PKCE, no client authentication) */
  clientSecret?: string;
  scopes: string[];
  grantTypes: string[];
  redirectUris: string[];
}

/** Where a login operation's request carries the username and password, and where its answer puts the token. */
export interface LoginBinding {
  operation: string;
  /** `query.<name>`, `body.<field>` (a JSON pointer's first segment) or `header.<name>` */
  username: string;
  password: string;
  /** `body`: the whole answer is the token; a JSON pointer (`/token`): the token goes there */
  token: string;
}

/** One collection as the identity file describes it (docs/serving-your-spec.md, "Stored resources"). */
export interface ResourceInput extends CollectionBinding {
  visibility?: Visibility;
  others?: 404 | 403;
  adminScopes?: string[];
  seed: { owner?: string; object: Record<string, unknown> }[];
}

export interface IdentityFile {
  users: UserInput[];
  apiKeys: ApiKeyInput[];
  clients: ClientInput[];
  operations: Record<string, OperationOverlay>;
  bindings: { login?: LoginBinding; logout?: { operation: string } };
  /** false: every operation answers from the spec's examples (no stored resources) */
  resources: false | Record<string, ResourceInput>;
}

export const EMPTY_IDENTITY_FILE: IdentityFile = { users: [], apiKeys: [], clients: [], operations: {}, bindings: {}, resources: {} };

/**
 * Reads `<name>.authmock.yaml`: users, API keys, OAuth clients, what it adds to operations
 * (scopes, owner rules) and the bindings that make a spec's own login and logout real.
 * Unknown keys are an error naming the key (a typo would otherwise silently do nothing).
 */
export function readIdentityFile(file: string, cacheDir: string | undefined): IdentityFile {
  if (!existsSync(file)) throw new FixtureError(file, '', 'is missing');
  const doc = readFixtureFile(file, cacheDir) ?? {};
  const at = new Reader(file);
  const top = at.object(doc, '', ['users', 'apiKeys', 'clients', 'operations', 'bindings', 'resources']);
  return {
    users: at.list(top.users, 'users').map((u, i) => readUser(at, u, `users[${i}]`)),
    apiKeys: at.list(top.apiKeys, 'apiKeys').map((k, i) => readApiKey(at, k, `apiKeys[${i}]`)),
    clients: at.list(top.clients, 'clients').map((c, i) => readClient(at, c, `clients[${i}]`)),
    operations: readOperations(at, top.operations),
    bindings: readBindings(at, top.bindings),
    resources: readResources(at, top.resources),
  };
}

const VISIBILITIES: readonly Visibility[] = ['private', 'shared-read', 'shared'];

function readResources(at: Reader, raw: unknown): IdentityFile['resources'] {
  if (raw === undefined) return {};
  if (raw === false) return false;
  const out: Record<string, ResourceInput> = {};
  for (const [name, node] of Object.entries(at.object(raw, 'resources'))) {
    const where = `resources.${name}`;
    const r = at.object(node, where, ['operations', 'id', 'visibility', 'others', 'adminScopes', 'seed']);
    const ops =
      r.operations === undefined
        ? undefined
        : at.object(r.operations, `${where}.operations`, ['create', 'read', 'update', 'delete', 'list']);
    const opId = (key: string) => (ops?.[key] === undefined ? {} : { [key]: at.string(ops[key], `${where}.operations.${key}`) });
    const list =
      ops?.list === undefined ? undefined : typeof ops.list === 'string' ? [ops.list] : at.strings(ops.list, `${where}.operations.list`);
    out[name] = {
      ...(ops
        ? { operations: { ...opId('create'), ...opId('read'), ...opId('update'), ...opId('delete'), ...(list ? { list } : {}) } }
        : {}),
      ...(r.id !== undefined ? { id: at.string(r.id, `${where}.id`) } : {}),
      ...(r.visibility !== undefined ? { visibility: at.oneOf(r.visibility, `${where}.visibility`, VISIBILITIES) } : {}),
      ...(r.others !== undefined ? { others: at.oneOf(r.others, `${where}.others`, [404, 403] as const) } : {}),
      ...(r.adminScopes !== undefined ? { adminScopes: at.strings(r.adminScopes, `${where}.adminScopes`) } : {}),
      seed: at.list(r.seed, `${where}.seed`).map((s, i) => {
        const e = at.object(s, `${where}.seed[${i}]`, ['owner', 'object']);
        return {
          ...(e.owner !== undefined ? { owner: at.string(e.owner, `${where}.seed[${i}].owner`) } : {}),
          object: at.object(e.object, `${where}.seed[${i}].object`),
        };
      }),
    };
  }
  return out;
}

export function readUser(at: Reader, raw: unknown, where: string): UserInput {
  const u = at.object(raw, where, ['username', 'password', 'scopes', 'claims']);
  return {
    username: at.string(u.username, `${where}.username`),
    password: at.string(u.password, `${where}.password`),
    scopes: at.strings(u.scopes, `${where}.scopes`),
    claims: u.claims === undefined ? {} : at.object(u.claims, `${where}.claims`),
  };
}

export function readApiKey(at: Reader, raw: unknown, where: string, keyOptional = false): ApiKeyInput {
  const k = at.object(raw, where, ['key', 'user', 'scopes']);
  return {
    key: keyOptional && k.key === undefined ? '' : at.string(k.key, `${where}.key`),
    ...(k.user !== undefined ? { user: at.string(k.user, `${where}.user`) } : {}),
    scopes: at.strings(k.scopes, `${where}.scopes`),
  };
}

export function readClient(at: Reader, raw: unknown, where: string): ClientInput {
  const c = at.object(raw, where, ['clientId', 'clientSecret', 'scopes', 'grantTypes', 'redirectUris']);
  return {
    clientId: at.string(c.clientId, `${where}.clientId`),
    ...(c.clientSecret !== undefined ? { clientSecret: at.string(c.clientSecret, `${where}.clientSecret`) } : {}),
    scopes: at.strings(c.scopes, `${where}.scopes`),
    grantTypes: c.grantTypes === undefined ? ['client_credentials'] : grantTypesOf(at, c.grantTypes, `${where}.grantTypes`),
    redirectUris: at
      .strings(c.redirectUris, `${where}.redirectUris`)
      .map((uri, i) => redirectUriOf(at, uri, `${where}.redirectUris[${i}]`)),
  };
}

const GRANT_TYPES = ['client_credentials', 'password', 'authorization_code', 'refresh_token', 'implicit'];

function grantTypesOf(at: Reader, raw: unknown, where: string): string[] {
  const types = at.strings(raw, where);
  const unknown = types.find((t) => !GRANT_TYPES.includes(t));
  return unknown === undefined ? types : at.fail(where, `${unknown} is not a grant type authmock serves (${GRANT_TYPES.join(', ')})`);
}

/** RFC 6749 §3.1.2: an absolute URI without a fragment; a native app's own scheme is fine (RFC 8252 §7.1), script schemes are not. */
function redirectUriOf(at: Reader, uri: string, where: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return at.fail(where, `${uri} is not an absolute URI (RFC 6749 §3.1.2)`);
  }
  if (uri.includes('#')) return at.fail(where, `${uri} has a fragment, which a redirect URI must not (RFC 6749 §3.1.2)`);
  if (['javascript:', 'data:', 'vbscript:'].includes(url.protocol)) return at.fail(where, `${url.protocol} is no scheme to redirect to`);
  return uri;
}

function readOperations(at: Reader, raw: unknown): Record<string, OperationOverlay> {
  if (raw === undefined) return {};
  const ops = at.object(raw, 'operations');
  const out: Record<string, OperationOverlay> = {};
  for (const [id, node] of Object.entries(ops)) {
    const where = `operations.${id}`;
    const o = at.object(node, where, ['owner', 'scopes']);
    const owner = o.owner === undefined ? undefined : at.object(o.owner, `${where}.owner`, ['param', 'claim']);
    out[id] = {
      ...(o.scopes !== undefined ? { scopes: at.strings(o.scopes, `${where}.scopes`) } : {}),
      ...(owner
        ? { owner: { param: at.string(owner.param, `${where}.owner.param`), claim: at.string(owner.claim, `${where}.owner.claim`) } }
        : {}),
    };
  }
  return out;
}

function readBindings(at: Reader, raw: unknown): IdentityFile['bindings'] {
  if (raw === undefined) return {};
  const b = at.object(raw, 'bindings', ['login', 'logout']);
  const out: IdentityFile['bindings'] = {};
  if (b.login !== undefined) {
    const l = at.object(b.login, 'bindings.login', ['operation', 'username', 'password', 'token']);
    out.login = {
      operation: at.string(l.operation, 'bindings.login.operation'),
      username: at.place(l.username ?? 'body.username', 'bindings.login.username'),
      password: at.place(l.password ?? 'body.password', 'bindings.login.password'),
      token: l.token === undefined ? 'body' : at.tokenPlace(l.token, 'bindings.login.token'),
    };
  }
  if (b.logout !== undefined) {
    const l = at.object(b.logout, 'bindings.logout', ['operation']);
    out.logout = { operation: at.string(l.operation, 'bindings.logout.operation') };
  }
  return out;
}

/** Reads one value of the file, or fails naming the file, the place and what was expected. */
export class Reader {
  constructor(readonly file: string) {}

  fail(where: string, reason: string): never {
    throw new FixtureError(this.file, where, reason);
  }

  object(value: unknown, where: string, known?: readonly string[]): Record<string, unknown> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return this.fail(where, 'must be a mapping');
    const obj = value as Record<string, unknown>;
    const unknownKey = known && Object.keys(obj).find((k) => !known.includes(k));
    if (unknownKey) this.fail(where ? `${where}.${unknownKey}` : unknownKey, `is not a known key (known: ${known.join(', ')})`);
    return obj;
  }

  list(value: unknown, where: string): unknown[] {
    if (value === undefined) return [];
    return Array.isArray(value) ? value : this.fail(where, 'must be a list');
  }

  string(value: unknown, where: string): string {
    return typeof value === 'string' && value.length > 0 ? value : this.fail(where, 'must be a non-empty string');
  }

  strings(value: unknown, where: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return this.fail(where, 'must be a list of strings');
    return value as string[];
  }

  oneOf<T extends string | number>(value: unknown, where: string, allowed: readonly T[]): T {
    return allowed.includes(value as T) ? (value as T) : this.fail(where, `must be one of ${allowed.join(', ')}`);
  }

  place(value: unknown, where: string): string {
    const s = this.string(value, where);
    return /^(query|body|header)\.[^.]+$/.test(s) ? s : this.fail(where, `must be query.<name>, body.<field> or header.<name>, found ${s}`);
  }

  tokenPlace(value: unknown, where: string): string {
    const s = this.string(value, where);
    return s === 'body' || s.startsWith('/') ? s : this.fail(where, `must be body or a JSON pointer (/token), found ${s}`);
  }
}
