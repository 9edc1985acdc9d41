import type { SecurityScheme } from '../../core/types.js';
import type { IssuedFor } from '../../auth/verdict.js';
import { provesScheme } from '../../auth/verify-credential.js';

/** live: it works; expired and revoked: it once did. */
export type CredentialState = 'live' | 'expired' | 'revoked';

/** A credential a case sends for one scheme of a user's spec. */
export interface CredentialNeed {
  scheme: SecurityScheme;
  state: CredentialState;
  /** scopes it must hold, all of them */
  holds: readonly string[];
  /** scopes it must not hold */
  lacks: readonly string[];
  /** owner-only operations: the credential of the resource's owner, or of another user */
  user?: 'owner' | 'other';
}

/** What goes on the wire for a scheme: a token, an API key, or a username and password. */
export type Secret =
  { kind: 'token'; value: string } | { kind: 'key'; value: string } | { kind: 'password'; username: string; password: string };

export interface Produced {
  secret: Secret;
  /** the value of a claim of this credential's user (an owner rule's parameter takes it to name the user's own resource) */
  owner?: (claim: string) => string | undefined;
}

/** Where the credentials of a run come from: authmock's control API, or a credentials file. */
export interface CredentialProvider {
  /** why the need cannot be met, or undefined when it can */
  cannot(need: CredentialNeed): string | undefined;
  produce(need: CredentialNeed): Promise<Produced>;
}

/** Schemes whose credential is a bearer token in the Authorization header (RFC 6750). */
export function isBearerScheme(scheme: SecurityScheme): boolean {
  return scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer');
}

/**
 * Whether a credential made for one scheme may pass for another: where it travels in the
 * same place. Against authmock (`schemeBound`) a token passes only for the schemes it was
 * issued for (provesScheme, the rule `serve` applies): the checker mints each for the
 * scheme that needs it (an oauth2 or openIdConnect scheme's is the authorization server's).
 * Another server may take any bearer token for any bearer scheme.
 */
export function passesFor(
  sent: SecurityScheme,
  accepted: SecurityScheme,
  schemes: ReadonlyMap<string, SecurityScheme>,
  schemeBound: boolean,
): boolean {
  if (placeOf(sent) !== placeOf(accepted)) return false;
  if (!schemeBound || secretKind(sent) !== 'token') return true;
  const issuedFor: IssuedFor = sent.type === 'oauth2' || sent.type === 'openIdConnect' ? 'authorization-server' : { scheme: sent.name };
  const oauthSchemes = [...schemes.values()].some((s) => s.type === 'oauth2' || s.type === 'openIdConnect');
  return provesScheme(issuedFor, accepted, oauthSchemes);
}

/** The kind of secret a scheme takes; undefined: one the checker cannot send (mutual TLS, OAuth 1.0a signatures). */
export function secretKind(scheme: SecurityScheme): Secret['kind'] | undefined {
  if (isBearerScheme(scheme)) return 'token';
  if (scheme.type === 'http') return 'password';
  if (scheme.type === 'apiKey') return scheme.verifier === 'oauth1' ? undefined : scheme.verifier === 'token' ? 'token' : 'key';
  return undefined;
}

/**
 * Where a scheme's credential travels. Two schemes with the same place cannot be told
 * apart on the wire (a token of an oauth2 scheme is a valid bearer token too).
 */
export function placeOf(scheme: SecurityScheme): string | undefined {
  if (isBearerScheme(scheme)) return 'authorization bearer';
  if (scheme.type === 'http') return 'authorization basic';
  if (scheme.type === 'apiKey') return `${scheme.in} ${scheme.in === 'header' ? scheme.param.toLowerCase() : scheme.param}`;
  return undefined;
}

/** The header a credential takes, where two credentials could collide (Bearer and Basic share Authorization). */
export function slotOf(scheme: SecurityScheme): string | undefined {
  const place = placeOf(scheme);
  return place?.startsWith('authorization ') ? 'header authorization' : place;
}

/** How a scheme is named in reasons and titles: `bearerAuth (bearer)`. */
export function describeScheme(scheme: SecurityScheme): string {
  const kind =
    scheme.type === 'apiKey'
      ? `API key in ${scheme.in} ${scheme.param}`
      : scheme.type === 'http'
        ? scheme.scheme === 'basic'
          ? 'Basic'
          : 'bearer'
        : scheme.type === 'unsupported'
          ? scheme.declared
          : scheme.type;
  return `${scheme.name} (${kind})`;
}
