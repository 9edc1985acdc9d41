import type { RandomSource } from '../../core/types.js';
import type { OAuthSettings, OAuthStore, SigningAlg, TokenStore } from '../../store/store.js';
import type { TokenCodec } from '../tokens.js';
import type { KeyRing } from './key-ring.js';
import type { OAuthParties } from './parties.js';

/** The namespace's authorization-server settings with their defaults filled in. */
export interface OAuthPolicy {
  autoApprove: boolean;
  loginUser?: string;
  signingAlg: SigningAlg;
  accessTokenFormat: 'jwt' | 'opaque';
  allowPlainPkce: boolean;
}

export const CODE_LIFETIME_SECONDS = 60;
export const REFRESH_LIFETIME_SECONDS = 14 * 24 * 3600;
export const DEFAULT_ACCESS_LIFETIME_SECONDS = 3600;

/** policies made per settings object: a namespace's settings are one object while its record holds */
const policies = new WeakMap<OAuthSettings, OAuthPolicy>();

export function oauthPolicy(settings: OAuthSettings | undefined): OAuthPolicy {
  if (!settings) return policyOf(undefined);
  let policy = policies.get(settings);
  if (!policy) policies.set(settings, (policy = policyOf(settings)));
  return policy;
}

function policyOf(settings: OAuthSettings | undefined): OAuthPolicy {
  return {
    autoApprove: settings?.autoApprove ?? false,
    ...(settings?.loginUser ? { loginUser: settings.loginUser } : {}),
    signingAlg: settings?.signingAlg ?? 'RS256',
    accessTokenFormat: settings?.accessTokenFormat ?? 'jwt',
    allowPlainPkce: settings?.allowPlainPkce ?? false,
  };
}

/**
 * Everything one request to a namespace's authorization server works with: its clock, its
 * issuer as the client addressed it, its settings, its keys and state, who it knows. Made
 * per request by the server's API module; the protocol functions never see HTTP.
 */
export interface ServerContext {
  ns: string;
  /** the namespace's time when the request came, epoch ms */
  now: number;
  issuer: string;
  /** the issuers this namespace's tokens may carry (the one addressed, the server's own) */
  acceptedIssuers: readonly string[];
  /** the specs this server serves: the audiences its tokens may name */
  apis: readonly string[];
  policy: OAuthPolicy;
  ring: KeyRing;
  store: OAuthStore;
  /** opaque access tokens (on request) are the spec's own `amk_` tokens */
  tokens: TokenStore;
  codecOf(api: string): TokenCodec | undefined;
  random: RandomSource;
  parties: OAuthParties;
  /** an access token's lifetime for a user's or a client's token (the namespace's tokenLifetimes, else an hour) */
  accessLifetime(userType: 'user' | 'client'): number;
  /** the specs whose flows declare the implicit grant: only they answer response_type=token */
  implicitApis: ReadonlySet<string>;
}
