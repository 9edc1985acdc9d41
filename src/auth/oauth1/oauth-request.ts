/**
 * A request as the OAuth check needs it. Everything is as received: the verifier applies
 * the platform's own decoding, and any normalising before it would change signatures.
 */
export interface OauthRequest {
  /** the HTTP method as sent */
  method: string;
  /**
   * The URL as the client addressed it: scheme, the Host header as sent (port included),
   * then the request target as received (path with store code, raw query). Build it
   * with composeRequestUrl. Non-ASCII characters are taken as UTF-8.
   */
  url: string;
  /** the Authorization header, if any */
  authorization?: string;
  /** the Content-Type header, if any */
  contentType?: string;
  /** the raw body; read only when contentType starts with application/x-www-form-urlencoded */
  body?: string | Buffer;
}

/** Which release's signature rules to follow (docs/commerce-integrations.md §4). */
export type OauthVariant = '2.4.8' | '2.4.6' | '2.4.4';

/**
 * Magento's getRequestUrl: `http` or `https`, `://`, the Host header untouched (a port in
 * it stays, even :443) and the request URI with its query, as received.
 */
export function composeRequestUrl(parts: { secure: boolean; host: string; target: string }): string {
  return `${parts.secure ? 'https' : 'http'}://${parts.host}${parts.target}`;
}
