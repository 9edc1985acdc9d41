import { buildBaseString } from './build-base-string.js';
import { collectOauthParams } from './collect-oauth-params.js';
import { refuseOauth, type OauthRefusal } from './oauth-failures.js';
import type { OauthRequest, OauthVariant } from './oauth-request.js';
import { castToInt, looselyEqual } from './php-numbers.js';
import { isPhpArray, type PhpParams } from './php-params.js';
import { fromByteString, urlDecode } from './php-url-codec.js';
import { sameSignature } from './same-signature.js';
import { signBaseString } from './sign-base-string.js';

type Awaitable<T> = T | Promise<T>;

export interface OauthConsumer {
  /** the platform's consumer id: the nonce error names it */
  id: string | number;
  /** the plaintext consumer secret (the platform decrypts it to sign) */
  secret: string;
}

export interface OauthToken {
  secret: string;
  /** the key of the consumer the token was issued to */
  consumerKey: string;
  type: 'access' | 'request' | 'verifier';
  revoked?: boolean;
}

export interface OauthDeps {
  /** epoch milliseconds, from authmock's clock */
  now: number;
  lookupConsumer(key: string): Awaitable<OauthConsumer | undefined>;
  lookupToken(token: string): Awaitable<OauthToken | undefined>;
  /**
   * Records the nonce for the consumer and answers true, or answers false when that
   * consumer already used it: one atomic step, like the platform's primary key
   * (nonce, consumer_id). A throw becomes NONCE_ERROR.
   */
  rememberNonce(consumerKey: string, nonce: string, timestamp: number): Awaitable<boolean>;
}

export interface OauthOptions {
  /** accept HMAC-SHA1 too, as 2.4.3 and earlier did (--oauth-sha1) */
  allowSha1?: boolean;
  /** whose signature rules: 2.4.8 (default), 2.4.6 (2.4.6-2.4.7) or 2.4.4 (2.4.4-2.4.5) */
  variant?: OauthVariant;
}

export interface OauthAcceptance {
  outcome: 'accepted';
  consumerKey: string;
  consumerId: string | number;
  token: string;
  signatureMethod: string;
}

/** not-oauth: no `oauth ` in the Authorization header (or nothing collected): try the next user context */
export type OauthVerdict = { outcome: 'not-oauth' } | OauthAcceptance | OauthRefusal;

const REQUIRED = ['oauth_consumer_key', 'oauth_signature', 'oauth_signature_method', 'oauth_nonce', 'oauth_timestamp', 'oauth_token'];
const TOKEN_LENGTH = 32;
const CONSUMER_KEY_LENGTH = 32;
/** Nonce\Generator::TIME_DEVIATION: how far ahead a timestamp may be, in seconds */
const TIME_DEVIATION = 600;
const ARRAY_GIVEN = 'rawurlencode(): Argument #1 ($string) must be of type string, array given';

/**
 * Magento\Framework\Oauth\Oauth::validateAccessTokenRequest, check for check and in its
 * order (docs/commerce-integrations.md §3): version, required parameters, token length,
 * signature method, consumer, timestamp, nonce (recorded before the token and signature
 * are checked, so a refused request still uses it up), token, signature.
 * An accepted request still needs an active integration for that consumer (§1).
 */
export async function verifyOauthRequest(request: OauthRequest, deps: OauthDeps, options: OauthOptions = {}): Promise<OauthVerdict> {
  const variant = options.variant ?? '2.4.8';
  const collected = collectOauthParams(request, variant);
  if (collected.kind === 'not-oauth') return { outcome: 'not-oauth' };
  if (collected.kind === 'array-in-form') return refuseOauth('INTERNAL_ERROR', { detail: ARRAY_GIVEN });
  const params = collected.params;

  const protocol = checkProtocolParams(params, options.allowSha1 === true);
  if (protocol) return protocol;
  // checkProtocolParams saw each of them present and a string
  const get = (name: string): string => params.get(name) as string;
  const consumerKey = get('oauth_consumer_key');
  const nonce = get('oauth_nonce');
  const signature = get('oauth_signature');
  const method = get('oauth_signature_method');
  const token = get('oauth_token');

  // the platform reads the key with its length guard, which 2.4.4 also applied to an empty key
  if ((variant === '2.4.4' || isTruthy(consumerKey)) && consumerKey.length !== CONSUMER_KEY_LENGTH) {
    return refuseOauth('CONSUMER_KEY_LENGTH');
  }
  const consumer = await deps.lookupConsumer(fromByteString(consumerKey));
  if (!consumer) return refuseOauth('CONSUMER_NOT_FOUND');

  const timestamp = castToInt(get('oauth_timestamp')!);
  if (timestamp <= 0 || timestamp > Math.floor(deps.now / 1000) + TIME_DEVIATION) return refuseOauth('TIMESTAMP_REFUSED');
  try {
    if (!(await deps.rememberNonce(fromByteString(consumerKey), fromByteString(nonce), timestamp))) {
      return refuseOauth('NONCE_USED', { parameters: [String(consumer.id)] });
    }
  } catch {
    return refuseOauth('NONCE_ERROR');
  }

  const tokenRecord = await deps.lookupToken(fromByteString(token));
  if (!tokenRecord) return refuseOauth('TOKEN_NOT_FOUND');
  if (tokenRecord.consumerKey !== fromByteString(consumerKey)) return refuseOauth('TOKEN_CONSUMER_MISMATCH');
  if (tokenRecord.type !== 'access') return refuseOauth('TOKEN_NOT_ACCESS');
  if (tokenRecord.revoked) return refuseOauth('TOKEN_REVOKED');

  const base = buildBaseString(request.method, request.url, signedParams(params, variant), variant);
  if (!base.ok) return refuseOauth('INTERNAL_ERROR', { detail: base.detail });
  const expected = signBaseString(base.baseString, method, consumer.secret, tokenRecord.secret);
  if (!sameSignature(expected, signature)) return refuseOauth('SIGNATURE_INVALID');

  return {
    outcome: 'accepted',
    consumerKey: fromByteString(consumerKey),
    consumerId: consumer.id,
    token: fromByteString(token),
    signatureMethod: method,
  };
}

/** _validateProtocolParams up to the consumer lookup: version, presence, token length, method. */
function checkProtocolParams(params: PhpParams, allowSha1: boolean): OauthRefusal | undefined {
  const version = params.get('oauth_version');
  // PHP's `'1.0' != $version`: 1, 1.00 and 1e0 pass
  if (typeof version === 'string' && !looselyEqual('1.0', version)) {
    return refuseOauth('VERSION_REJECTED', { parameters: [fromByteString(version)] });
  }
  // isset(): an empty value counts as present
  const absent = REQUIRED.filter((name) => !params.has(name));
  if (absent.length === 1) return refuseOauth('PARAMETER_ABSENT', { parameters: { fieldName: absent[0] } });
  if (absent.length > 1) {
    const errors = absent.map((name) => ({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: name } }));
    return refuseOauth('PARAMETERS_ABSENT', { errors });
  }
  // only a form body can make one an array (`oauth_token[]=`), and strlen() and the rest throw on it
  if (REQUIRED.some((name) => isPhpArray(params.get(name)))) return refuseOauth('INTERNAL_ERROR', { detail: ARRAY_GIVEN });
  const token = params.get('oauth_token') as string;
  if (token.length !== TOKEN_LENGTH) return refuseOauth('TOKEN_LENGTH_INVALID');
  const method = params.get('oauth_signature_method') as string;
  const supported = allowSha1 ? ['HMAC-SHA256', 'HMAC-SHA1'] : ['HMAC-SHA256'];
  if (!supported.includes(method)) return refuseOauth('SIGNATURE_METHOD_UNSUPPORTED', { parameters: [fromByteString(method)] });
  return undefined;
}

const KEPT_ENCODED = new Set(['oauth_consumer_key', 'oauth_consumer_secret', 'oauth_token', 'oauth_token_secret', 'oauth_signature']);

/**
 * 2.4.8 urldecodes the values it encoded at collection before signing, except the
 * credentials and the signature (Oauth::processNonRequiredParams); for ordinary values
 * the round trip changes nothing.
 */
function signedParams(params: PhpParams, variant: OauthVariant): PhpParams {
  if (variant !== '2.4.8') return params;
  const decoded: PhpParams = new Map();
  for (const [name, value] of params) {
    decoded.set(name, typeof value === 'string' && !KEPT_ENCODED.has(name) ? urlDecode(value) : value);
  }
  return decoded;
}

/** PHP truthiness of a string: everything but '' and '0'. */
function isTruthy(value: string): boolean {
  return value !== '' && value !== '0';
}
