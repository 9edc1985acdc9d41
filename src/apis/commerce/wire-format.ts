import type { XMLParser } from 'fast-xml-parser';
import type { Operation } from '../../core/types.js';
import type { Decoded, Incoming } from '../../pipeline/stages.js';
import { commerceError } from './error-codes.js';
import { decodeUtf8 } from '../../core/decode-utf8.js';

// The platform's two formats, JSON and XML: which one an answer takes (from Accept), and how a
// request's body in either is decoded.

type Renderer = 'json' | 'xml';

// The platform's renderer table, in its order (docs/commerce-platform.md, response formats).
const RENDERERS: [string, Renderer][] = [
  ['*/*', 'json'],
  ['application/json', 'json'],
  ['text/xml', 'xml'],
  ['application/xml', 'xml'],
  ['application/xhtml+xml', 'xml'],
];

/**
 * Negotiation: JSON or XML from Accept, walking types by q; nothing acceptable is a 406.
 * Each runtime keeps a small cache of Accept values already decided.
 */
export function createNegotiator(): (accept: string | undefined) => Renderer {
  const cache = new Map<string, Renderer | null>();
  return (accept) => {
    if (!accept) return 'json';
    let renderer = cache.get(accept);
    if (renderer === undefined) {
      renderer = pickRenderer(accept);
      if (cache.size < 256) cache.set(accept, renderer);
    }
    if (renderer === null) throw commerceError('NOT_ACCEPTABLE', { accept });
    return renderer;
  };
}

export function pickRenderer(accept: string): Renderer | null {
  const types = accept
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.type && !(t.q <= 0))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type } of types) {
    if (type.endsWith('/*') && type !== '*/*') {
      const major = type.slice(0, -1);
      const hit = RENDERERS.find(([t]) => t.startsWith(major));
      if (hit) return hit[1];
      continue;
    }
    const hit = RENDERERS.find(([t]) => t === type);
    if (hit) return hit[1];
  }
  return null;
}

const XML_TYPES = new Set(['application/xml', 'text/xml', 'application/xhtml+xml']);
const CONTENT_TYPE = /^([a-z\d/\-+.]+)(?:; *charset=(.+))?$/i;

// Entities stay off: no DTD is ever read (documents with one are refused before parsing),
// and only the five predefined XML entities and character references (&#64; &#x40;) are
// decoded, as libxml does. `htmlEntities` is what enables the character references; the
// HTML named entities it would also decode are refused beforehand (see REFERENCE).
const XML_OPTIONS = {
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
};

type Xml = { parser: XMLParser; validate: typeof import('fast-xml-parser').XMLValidator.validate };

/** Decodes a request's body the platform's way (see below). */
export type CommerceDecoder = (req: Incoming, op: Operation) => Decoded | Promise<Decoded>;

/**
 * The body decoder. The XML parser is loaded on the first XML body (most clients send
 * JSON, and the module costs start-up time and resident memory), once per runtime.
 */
export function createCommerceDecoder(): CommerceDecoder {
  let xml: Promise<Xml> | undefined;
  const loadXml = () =>
    (xml ??= import('fast-xml-parser').then((m) => ({ parser: new m.XMLParser(XML_OPTIONS), validate: m.XMLValidator.validate })));
  return (req, op) => decodeCommerceBody(req, op, loadXml);
}

/**
 * Decodes POST/PUT bodies the platform's way, after routing and permission: an empty body
 * is no input; otherwise Content-Type must be present, UTF-8 and JSON or XML. Every XML
 * type shares the operation's JSON schema when the spec does not list it.
 */
function decodeCommerceBody(req: Incoming, op: Operation, loadXml: () => Promise<Xml>): Decoded | Promise<Decoded> {
  const { method, rawBody, headers } = req;
  if ((method !== 'POST' && method !== 'PUT') || !rawBody || rawBody.length === 0) {
    return op.requestBody ? { body: {}, mediaType: 'application/json' } : {};
  }
  const header = headers['content-type'];
  if (!header) throw commerceError('CONTENT_TYPE_EMPTY');
  const m = CONTENT_TYPE.exec(header.trim());
  if (!m) throw commerceError('CONTENT_TYPE_INVALID');
  if (m[2] !== undefined && m[2].trim().replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') throw commerceError('CHARSET_UNSUPPORTED');
  const type = m[1].toLowerCase();
  const schemaType = (t: string) => (op.requestBody && !op.requestBody.media.byType.has(t) ? 'application/json' : t);
  if (type === 'application/json') return { body: castToParams(parseJson(readJsonText(rawBody))), mediaType: 'application/json' };
  if (XML_TYPES.has(type)) {
    const text = readXmlText(rawBody);
    return loadXml().then((xml) => ({ body: parseXml(xml.parser, xml.validate, text), mediaType: schemaType(type) }));
  }
  throw commerceError('MEDIA_TYPE_UNSUPPORTED', { type });
}

// Bytes that are not UTF-8 are refused in the words of PHP's json_decode and libxml, as the platform does.
function readJsonText(bytes: Buffer): string {
  const text = decodeUtf8(bytes);
  if (text !== undefined) return text;
  throw commerceError('DECODING_ERROR', {}, 'Unable to unserialize value. Error: Malformed UTF-8 characters, possibly incorrectly encoded');
}

function readXmlText(bytes: Buffer): string {
  const text = decodeUtf8(bytes);
  if (text !== undefined) return text;
  throw commerceError('XML_DECODING_ERROR', {}, 'Input is not proper UTF-8, indicate encoding !');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw commerceError('DECODING_ERROR', {}, `Unable to unserialize value. Error: ${(err as Error).message}`);
  }
}

/** PHP's (array) cast: a scalar becomes [scalar], null becomes []. */
function castToParams(value: unknown): Record<string, unknown> {
  if (value === null) return {};
  if (typeof value === 'object') return Array.isArray(value) ? { ...value } : (value as Record<string, unknown>);
  return { 0: value };
}

/** The children of the first element; the root's name is ignored, as on the platform. */
function parseXml(
  parser: XMLParser,
  validate: typeof import('fast-xml-parser').XMLValidator.validate,
  text: string,
): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw commerceError('XML_DECODING_ERROR', {}, 'DTDs and entity declarations are not accepted');
  let valid: ReturnType<typeof validate>;
  try {
    valid = validate(text);
  } catch (err) {
    throw commerceError('XML_DECODING_ERROR', {}, (err as Error).message); // e.g. nesting too deep for the stack
  }
  if (valid !== true) throw commerceError('XML_DECODING_ERROR', {}, `${valid.err.msg} at line ${valid.err.line}`);
  const bad = badReference(text);
  if (bad) throw commerceError('XML_DECODING_ERROR', {}, `Entity or character reference ${bad} is not defined or not allowed`);
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw commerceError('XML_DECODING_ERROR', {}, (err as Error).message);
  }
  const root = Object.values(doc)[0];
  if (root === null || typeof root !== 'object') return {};
  return emptyToNull(root) as Record<string, unknown>;
}

// An '&' outside CDATA and comments must start a predefined entity or a character reference.
const REFERENCE = /&(?:(amp|lt|gt|apos|quot)|#(\d+)|#x([0-9a-fA-F]+));|&/g;

/** The first reference libxml would refuse (undefined entity, bare '&', invalid character), if any. */
function badReference(text: string): string | undefined {
  const scanned = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, '');
  for (const m of scanned.matchAll(REFERENCE)) {
    if (m[1]) continue;
    const code = m[2] !== undefined ? Number(m[2]) : m[3] !== undefined ? parseInt(m[3], 16) : NaN;
    if (!isXmlChar(code)) return scanned.slice(m.index, m.index + 12).split(/\s/)[0];
  }
  return undefined;
}

function isXmlChar(c: number): boolean {
  return (
    c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff)
  );
}

/** `<password/>` is null on the platform, which then counts as missing. */
function emptyToNull(value: unknown): unknown {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map(emptyToNull);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyToNull(v)]));
  }
  return value;
}
