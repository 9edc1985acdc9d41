import type { Operation } from '../../core/types.js';
import type { Decoded, Incoming } from '../../pipeline/stages.js';
import { parseForm } from '../../pipeline/parse-form.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../core/json-depth.js';
import type { SpecApiError, SpecErrorCode } from './spec-errors.js';
import { decodeUtf8 } from '../../core/decode-utf8.js';
import { findXmlError } from './check-xml.js';

type Fail = (code: SpecErrorCode, params: Record<string, unknown>) => SpecApiError;

/**
 * A user spec's request body by its Content-Type: JSON (and `+json`, UTF-8 only), URL-encoded
 * and multipart forms as objects of fields, text as a string; XML (`application/xml`,
 * `text/xml`, `+xml`) must be well-formed and is then taken as it came, as anything else
 * (binary) is, and not checked against a schema. A type the operation does not
 * declare is a 415; an operation without a request body ignores one.
 */
export async function decodeSpecBody(req: Incoming, op: Operation, fail: Fail): Promise<Decoded> {
  const declared = op.requestBody;
  const raw = req.rawBody;
  if (!declared) return {};
  if (!raw || raw.length === 0) {
    if (declared.required) return { body: undefined, mediaType: firstSchemaType(op) };
    return {};
  }
  const header = String(req.headers['content-type'] ?? '');
  const type = header.split(';')[0].trim().toLowerCase();
  const types = [...declared.media.examples.keys()];
  if (types.length && !types.some((t) => matches(t, type))) {
    throw fail('UNSUPPORTED_MEDIA_TYPE', { type: type || '(no Content-Type)', declared: types.join(', ') });
  }
  const mediaType = types.find((t) => t === type) ?? types.find((t) => matches(t, type));
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = decodeUtf8(raw);
    let body: unknown;
    try {
      if (text === undefined) throw new Error('not UTF-8');
      body = JSON.parse(text);
    } catch {
      throw fail('MALFORMED_BODY', { type: 'JSON' });
    }
    if (nestsDeeperThan(body, raw.length)) throw fail('TOO_DEEP', { max: MAX_JSON_DEPTH });
    return { body, mediaType };
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    const fields = await parseForm(type, header, raw);
    if (!fields) throw fail('MALFORMED_BODY', { type });
    return { body: fields, mediaType };
  }
  if (isXml(type)) {
    const text = decodeUtf8(raw);
    if (text === undefined || (await findXmlError(text)) !== undefined) throw fail('MALFORMED_BODY', { type: 'XML' });
    return { body: raw, mediaType: undefined };
  }
  if (type.startsWith('text/')) return { body: raw.toString('utf8'), mediaType };
  return { body: raw, mediaType: undefined };
}

function isXml(type: string): boolean {
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}

/** `application/*` and `*\/*` in the spec take any type of their range. */
function matches(declared: string, type: string): boolean {
  if (declared === type || declared === '*/*') return true;
  return declared.endsWith('/*') && type.startsWith(declared.slice(0, -1));
}

function firstSchemaType(op: Operation): string | undefined {
  return op.requestBody?.media.byType.keys().next().value;
}
