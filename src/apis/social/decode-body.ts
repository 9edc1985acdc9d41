import type { Operation } from '../../core/types.js';
import type { Decoded, Incoming } from '../../pipeline/stages.js';
import { parseForm } from '../../pipeline/parse-form.js';
import { socialError } from './error-codes.js';
import { decodeUtf8 } from '../../core/decode-utf8.js';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json';

/** Decodes a request's body into one flat object of fields (see below). */
export type SocialDecoder = (req: Incoming, op: Operation) => Decoded | Promise<Decoded>;

export function createSocialDecoder(): SocialDecoder {
  return decodeSocialBody;
}

/**
 * Decodes JSON, URL-encoded and multipart bodies into one flat object of fields, as the
 * PHP server sees $_POST. Uploaded files are not part of any operation and are skipped.
 * Only multipart waits (for busboy): the others decode in the same turn.
 */
function decodeSocialBody(req: Incoming, op: Operation): Decoded | Promise<Decoded> {
  const { rawBody, headers } = req;
  const declared = op.requestBody;
  if (!rawBody || rawBody.length === 0) return declared ? { body: {}, mediaType: declared.media.byType.keys().next().value } : {};
  const header = headers['content-type'] ?? '';
  const type = header.split(';')[0].trim().toLowerCase();
  if (type === JSON_TYPE || type.endsWith('+json')) return { body: parseJson(rawBody), mediaType: JSON_TYPE };
  if (type === FORM) return { body: Object.fromEntries(new URLSearchParams(rawBody.toString('utf8'))), mediaType: FORM };
  if (type === MULTIPART) {
    return parseForm(type, header, rawBody).then((fields) => {
      if (!fields) throw socialError('MALFORMED_BODY', { type: 'multipart/form-data' });
      return { body: fields, mediaType: MULTIPART };
    });
  }
  throw socialError('UNSUPPORTED_MEDIA_TYPE', { type: type || '(none)' });
}

/** json_decode's way: bytes that are not UTF-8 are as malformed as bad syntax. */
function parseJson(bytes: Buffer): Record<string, unknown> {
  const text = decodeUtf8(bytes);
  let value: unknown;
  try {
    if (text === undefined) throw new Error('not UTF-8');
    value = JSON.parse(text);
  } catch {
    throw socialError('MALFORMED_BODY', { type: 'JSON' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw socialError('MALFORMED_BODY', { type: 'a JSON object' });
  return value as Record<string, unknown>;
}
