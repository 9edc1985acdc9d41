import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseYaml } from '../../spec/parse-yaml.js';
import { UsageError } from '../../core/usage-error.js';

/** One credential of the file: a token, an API key or a username and password, for one scheme. */
export interface FileCredential {
  scheme: string;
  scopes: string[];
  token?: string;
  key?: string;
  username?: string;
  password?: string;
  /** whose it is, for owner-only operations: the value of the owner parameter that names the user's own resource */
  user?: string;
  expired: boolean;
  revoked: boolean;
  /** `credentials[2]`, for messages */
  where: string;
}

/** An OAuth client the checker gets tokens from, at its scheme's tokenUrl (client credentials grant). */
export interface FileClient {
  scheme: string;
  clientId: string;
  clientSecret?: string;
  where: string;
}

export interface CredentialsFile {
  file: string;
  credentials: FileCredential[];
  clients: FileClient[];
}

const CREDENTIAL_KEYS = ['scheme', 'scopes', 'token', 'key', 'username', 'password', 'user', 'expired', 'revoked'];
const CLIENT_KEYS = ['scheme', 'clientId', 'clientSecret'];

/**
 * `--credentials creds.yaml` for `--spec`: `credentials` (per scheme a token, key or
 * username and password, with the scopes it holds, whose it is, or that it is expired or
 * revoked) and `clients`. `${NAME}` in a value is taken from the environment, so secrets
 * stay out of the file; an unset variable and an unknown key are errors naming them.
 */
export function readCredentialsFile(path: string, env: NodeJS.ProcessEnv): CredentialsFile {
  const file = basename(path);
  const fail = (where: string, reason: string): never => {
    throw new UsageError(`credentials file ${file}: ${where ? `${where} ` : ''}${reason}`);
  };
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    // the first line only: YAML's own message goes on to quote the file, secrets and all
    return fail('', `cannot be read: ${(err as Error).message.split('\n')[0]}`);
  }
  const top = object(doc ?? {}, '', ['credentials', 'clients'], fail);
  const credentials = list(top.credentials, 'credentials', fail).map((raw, i) => {
    const where = `credentials[${i}]`;
    const c = object(raw, where, CREDENTIAL_KEYS, fail);
    const text = (key: string) =>
      c[key] === undefined ? undefined : fromEnv(string(c[key], `${where}.${key}`, fail), `${where}.${key}`, env, fail);
    const out: FileCredential = {
      scheme: string(c.scheme, `${where}.scheme`, fail),
      scopes: strings(c.scopes, `${where}.scopes`, fail),
      expired: flag(c.expired, `${where}.expired`, fail),
      revoked: flag(c.revoked, `${where}.revoked`, fail),
      where,
    };
    for (const key of ['token', 'key', 'username', 'password', 'user'] as const) {
      const value = text(key);
      if (value !== undefined) out[key] = value;
    }
    const kinds = [out.token !== undefined, out.key !== undefined, out.username !== undefined || out.password !== undefined];
    if (kinds.filter(Boolean).length !== 1) fail(where, 'must give one of token, key, or username and password');
    if ((out.username === undefined) !== (out.password === undefined)) fail(where, 'must give both username and password');
    if (out.expired && out.revoked) fail(where, 'cannot be both expired and revoked');
    return out;
  });
  const clients = list(top.clients, 'clients', fail).map((raw, i) => {
    const where = `clients[${i}]`;
    const c = object(raw, where, CLIENT_KEYS, fail);
    const secret =
      c.clientSecret === undefined
        ? undefined
        : fromEnv(string(c.clientSecret, `${where}.clientSecret`, fail), `${where}.clientSecret`, env, fail);
    return {
      scheme: string(c.scheme, `${where}.scheme`, fail),
      clientId: fromEnv(string(c.clientId, `${where}.clientId`, fail), `${where}.clientId`, env, fail),
      ...(secret !== undefined ? { clientSecret: secret } : {}),
      where,
    };
  });
  return { file, credentials, clients };
}

type Fail = (where: string, reason: string) => never;

/** `${NAME}` from the environment; the variable's name, never its value, goes into a message. */
function fromEnv(value: string, where: string, env: NodeJS.ProcessEnv, fail: Fail): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_all, name: string) => env[name] ?? fail(where, `needs the environment variable ${name}, which is not set`),
  );
}

function object(value: unknown, where: string, known: readonly string[], fail: Fail): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail(where, 'must be a mapping');
  const unknownKey = Object.keys(value).find((k) => !known.includes(k));
  if (unknownKey) fail(where ? `${where}.${unknownKey}` : unknownKey, `is not a known key (known: ${known.join(', ')})`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string, fail: Fail): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : fail(where, 'must be a list');
}

function string(value: unknown, where: string, fail: Fail): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : fail(where, 'must be a non-empty string');
}

function strings(value: unknown, where: string, fail: Fail): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return fail(where, 'must be a list of strings');
  return value;
}

function flag(value: unknown, where: string, fail: Fail): boolean {
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : fail(where, 'must be true or false');
}
