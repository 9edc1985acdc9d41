export type Encoding = 'json' | 'xml' | 'form' | 'multipart' | 'raw';

/** Format-specific damage done while encoding: see encodeBody. */
export type EncodingTweak =
  | 'none'
  | 'xml-doctype'
  | 'xml-entity'
  | 'xml-undefined-entity'
  | 'xml-charref'
  | 'xml-cdata'
  | 'xml-attributes'
  | 'xml-namespace'
  | 'xml-comment'
  | 'xml-declaration-latin1'
  | 'xml-nested-field'
  | 'multipart-no-boundary'
  | 'multipart-wrong-boundary'
  | 'multipart-unterminated'
  | 'multipart-file-part'
  | 'multipart-lf-only'
  | 'form-broken-percent'
  | 'form-duplicate-keys'
  | 'form-brackets';

/** Damage done to the encoded bytes. */
export type ByteTweak = 'none' | 'truncate' | 'bom' | 'utf16le' | 'invalid-utf8' | 'nul' | 'latin1';

/** A request body as data: what to encode, how, and what to break. */
export interface BodyPlan {
  /** the Content-Type header to send; undefined sends none (a multipart boundary is added by the encoder) */
  contentType?: string;
  encoding: Encoding;
  /** the value for json/xml/form/multipart */
  value?: unknown;
  /** the bytes (latin1) for 'raw' */
  raw?: string;
  tweak: EncodingTweak;
  bytes: ByteTweak;
  /** where a tweak cuts or inserts, as a fraction of the length */
  at: number;
  /** pad the body with trailing whitespace to this many bytes (body limit edges) */
  padTo?: number;
  xmlRoot: string;
  boundary: string;
}
