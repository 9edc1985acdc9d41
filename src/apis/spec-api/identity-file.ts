import { existsSync } from 'node:fs';
import { FixtureError } from '../../fixtures/fixture-error.js';
import { Reader } from './identity-reader.js';
import type { ApiKeyInput, ClientInput, UserInput } from './identity-inputs.js';
import { readBindingConfigs, type BindingConfigs } from './bindings/index.js';
import { readFixtureFile } from '../../fixtures/read-fixture-file.js';
import type { OperationOverlay } from '../../spec/build-operations.js';
import type { SchemeOverlay } from '../../spec/security-model.js';

export type { ApiKeyInput, ClientInput, UserInput } from './identity-inputs.js';

export interface IdentityFile {
  users: UserInput[];
  apiKeys: ApiKeyInput[];
  clients: ClientInput[];
  operations: Record<string, OperationOverlay>;
  /** what it says of the spec's schemes: `schemes: { okta: { prefix: SSWS } }`, `credentialParameters: { token: oauth2 }` */
  schemes: SchemeOverlay;
  /** what its bindings say (a login, a logout, stored resources), by kind (bindings/index.ts) */
  bindings: BindingConfigs;
}

export const EMPTY_IDENTITY_FILE: IdentityFile = { users: [], apiKeys: [], clients: [], operations: {}, schemes: {}, bindings: {} };

/**
 * Reads `<name>.authmock.yaml`: users, API keys, OAuth clients, what it adds to operations
 * (scopes, owner rules) and the bindings that make its login, logout and stored resources real.
 * Unknown keys are an error naming the key (a typo would otherwise silently do nothing).
 */
export function readIdentityFile(file: string, cacheDir: string | undefined): IdentityFile {
  if (!existsSync(file)) throw new FixtureError(file, '', 'is missing');
  const doc = readFixtureFile(file, cacheDir) ?? {};
  const at = new Reader(file);
  const top = at.object(doc, '', ['users', 'apiKeys', 'clients', 'operations', 'schemes', 'credentialParameters', 'bindings', 'resources']);
  return {
    users: at.list(top.users, 'users').map((u, i) => readUser(at, u, `users[${i}]`)),
    apiKeys: at.list(top.apiKeys, 'apiKeys').map((k, i) => readApiKey(at, k, `apiKeys[${i}]`)),
    clients: at.list(top.clients, 'clients').map((c, i) => readClient(at, c, `clients[${i}]`)),
    operations: readOperations(at, top.operations),
    schemes: readSchemeOverlay(at, top.schemes, top.credentialParameters),
    bindings: readBindingConfigs(at, top),
  };
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

/** `schemes: { <scheme>: { prefix: SSWS } }` and `credentialParameters: { <parameter>: <scheme> }`. */
function readSchemeOverlay(at: Reader, schemes: unknown, params: unknown): SchemeOverlay {
  const prefixes: Record<string, string> = {};
  for (const [name, node] of Object.entries(schemes === undefined ? {} : at.object(schemes, 'schemes'))) {
    const o = at.object(node, `schemes.${name}`, ['prefix']);
    if (o.prefix !== undefined) prefixes[name] = at.string(o.prefix, `schemes.${name}.prefix`);
  }
  const carriers: Record<string, string> = {};
  for (const [param, scheme] of Object.entries(params === undefined ? {} : at.object(params, 'credentialParameters')))
    carriers[param] = at.string(scheme, `credentialParameters.${param}`);
  return { prefixes, params: carriers };
}
