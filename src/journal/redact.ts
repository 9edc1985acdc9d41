/**
 * Masks secrets in whatever a request or an answer carries: JSON, XML, form, multipart,
 * query strings and headers. Passwords, secret keys, cookies and signatures become `***`;
 * a token keeps a short prefix (enough to tell two apart in the inspector, too short to use).
 */

import { maskCompactJson } from './mask-compact-json.js';
import { MAX_JSON_DEPTH } from '../core/json-depth.js';

/** Names whose value is a secret, whatever the format (`password`, `secretKey`, `consumer_secret`, ...). */
const SECRET_NAME =
  /pass(word|wd)?$|^pwd$|secret|^otp$|^tfa|signature|^cookie$|^set-cookie$|private|credential|^x-authmock-key$|^key$|^code_verifier$/i;
/** Names whose value is a token: shown as a prefix. */
const TOKEN_NAME = /token|^authorization$|^proxy-authorization$|^code$|verifier/i;
const PREFIX = 6;
const MASK = '***';

export interface RedactOptions {
  /** the shapes of every API's tokens: such a string is masked wherever it appears */
  tokenShapes?: readonly RegExp[];
  /** more names whose value is a secret, compared case-insensitively: the served specs' API key parameters (`api_key`, `X-API-Key`) */
  secretNames?: readonly string[];
  /** the shapes compiled to find a token inside text (prepareRedaction); made per call when absent */
  tokenFinders?: readonly RegExp[];
  /** what was found of names and short texts before (prepareRedaction): the same headers and fields come on every request */
  memo?: RedactMemo;
}

/** How a name's value is masked, and short texts with their tokens masked, remembered (bounded). */
interface RedactMemo {
  names: Map<string, 'secret' | 'token' | 'plain'>;
  texts: Map<string, string>;
}

/** Names and texts remembered at most; past it, the memo starts again. */
const MEMO_ENTRIES = 4096;
/** Texts longer than this are masked every time (they rarely repeat, and would fill the memo). */
const MEMO_TEXT_LENGTH = 256;

/**
 * Options whose token finders are compiled once, for a caller that redacts on every request:
 * one pattern for every shape, so a text is searched once. It finds what the shapes' own
 * finders find one after the other: a token stands alone, so no two overlap, and a mask
 * depends on the token alone, not on its shape.
 */
export function prepareRedaction(options: RedactOptions): RedactOptions {
  const shapes = options.tokenShapes ?? [];
  return {
    ...options,
    secretNames: options.secretNames?.map((n) => n.toLowerCase()),
    tokenFinders: shapes.length ? [toFinder(...shapes)] : [],
    memo: { names: new Map(), texts: new Map() },
  };
}

/** Token shapes (anchored) as a pattern that finds such tokens standing alone inside text. */
function toFinder(...shapes: RegExp[]): RegExp {
  const inner = shapes.map((shape) => `(?:${shape.source.replace(/^\^/, '').replace(/\$$/, '')})`).join('|');
  return new RegExp(`(?<![A-Za-z0-9_-])(?:${inner})(?![A-Za-z0-9_-])`, 'g');
}

export type RedactPlace = 'headers' | 'query' | 'body';

/**
 * The one redaction function: `place` says what `value` is (a header object, a query
 * string, or a body with its Content-Type). Returns a copy; never throws.
 */
export function redact(place: 'headers', value: Record<string, unknown>, options?: RedactOptions): Record<string, string>;
export function redact(place: 'query', value: string, options?: RedactOptions): string;
export function redact(place: 'body', value: string, options?: RedactOptions & { contentType?: string }): string;
export function redact(place: RedactPlace, value: unknown, options: RedactOptions & { contentType?: string } = {}): unknown {
  if (place === 'headers') return redactHeaders(value as Record<string, unknown>, options);
  if (place === 'query') return redactForm(value as string, options);
  return redactBody(value as string, options.contentType, options);
}

function redactHeaders(headers: Record<string, unknown>, options: RedactOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    out[name] = /^location$/i.test(name) ? redactUrl(value, options) : maskString(name, value, options);
  }
  return out;
}

/** A redirect's URL: its query and fragment carry codes and tokens (RFC 6749 §4.1.2, §4.2.2) and are masked as a form is. */
function redactUrl(url: string, options: RedactOptions): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const q = base.indexOf('?');
  const path = q < 0 ? base : base.slice(0, q);
  const query = q < 0 ? '' : `?${redactForm(base.slice(q + 1), options)}`;
  return `${path}${query}${hash < 0 ? '' : `#${redactForm(url.slice(hash + 1), options)}`}`;
}

/** A string under `name` (undefined: an array's item or a whole body): masked whole where the name says so, else its tokens masked. */
function maskString(name: string | undefined, value: string, options: RedactOptions): string {
  return (name !== undefined && maskValue(name, value, options)) || maskTokensIn(value, options);
}

/** The masked value when `name` names a secret or a token; undefined otherwise. */
function maskValue(name: string, value: string, options: RedactOptions): string | undefined {
  const kind = kindOf(name, options);
  if (kind === 'secret') return value === '' ? '' : MASK;
  if (kind === 'token') return maskToken(value);
  return undefined;
}

function kindOf(name: string, { memo, secretNames }: RedactOptions): 'secret' | 'token' | 'plain' {
  const known = memo?.names.get(name);
  if (known) return known;
  const secret = SECRET_NAME.test(name) || (secretNames?.includes(name.toLowerCase()) ?? false);
  const kind = secret ? 'secret' : TOKEN_NAME.test(name) ? 'token' : 'plain';
  if (memo) remember(memo.names, name, kind);
  return kind;
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MEMO_ENTRIES) map.clear();
  map.set(key, value);
}

/** `Bearer abcdef…`; any other scheme (Basic, OAuth: passwords, signatures) masked whole. */
function maskToken(value: string): string {
  const scheme = /^(\w+)\s+(.*)$/s.exec(value);
  if (scheme) return /^bearer$/i.test(scheme[1]) ? `${scheme[1]} ${prefixOf(scheme[2])}` : `${scheme[1]} ${MASK}`;
  return prefixOf(value);
}

const prefixOf = (token: string) => (token.length <= PREFIX ? MASK : `${token.slice(0, PREFIX)}…`);

function maskTokensIn(text: string, options: RedactOptions): string {
  const memo = text.length <= MEMO_TEXT_LENGTH ? options.memo : undefined;
  const known = memo?.texts.get(text);
  if (known !== undefined) return known;
  let out = text;
  for (const finder of options.tokenFinders ?? (options.tokenShapes ?? []).map((shape) => toFinder(shape))) {
    out = out.replace(finder, (t) => prefixOf(t));
  }
  // a text with a token in it is rarely seen again (a new token each time): not kept
  if (memo && out === text) remember(memo.texts, text, out);
  return out;
}

/** `a=1&b=2`: a body of form pairs, whatever type it claims. */
const FORM_SHAPED = /^[^\s=&<]+=[^\s&]*(?:&[^\s=&]+=[^\s&]*)*$/;

/** A body by its Content-Type: what `redact('body', ...)` does, without an options object made per call. */
export function redactBody(text: string, contentType: string | undefined, options: RedactOptions): string {
  if (text === '') return text;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return redactForm(text, options);
  if (type.startsWith('multipart/')) return maskTokensIn(redactMultipart(text, options), options);
  if (type.includes('json') || /^\s*[[{"]/.test(text)) {
    const json = redactJson(text, options);
    if (json !== undefined) return json;
  }
  // a form sent as text/plain or untyped (an OAuth client's mistake) still carries its secrets by name
  if (FORM_SHAPED.test(text)) return redactForm(text, options);
  // XML, or anything else: elements and attributes by name, then loose tokens
  return maskTokensIn(redactMarkup(text, options), options);
}

function redactJson(text: string, options: RedactOptions): string | undefined {
  // what parsing, walking and writing it again would give, without the three, for a text as JSON.stringify writes it
  const compact = maskCompactJson(text, {
    string: (value, name) => maskString(name, value, options),
    masksScalar: (name) => kindOf(name, options) !== 'plain',
  });
  if (compact !== undefined) return compact;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  try {
    return JSON.stringify(walkJson(parsed, undefined, options, 0));
  } catch (err) {
    if (err instanceof TooDeep) return TOO_DEEP;
    throw err;
  }
}

/** What a journal shows of a JSON body nested deeper than MAX_JSON_DEPTH (a refused one): nothing (a secret may sit anywhere). */
const TOO_DEEP = `(a JSON body nested deeper than ${MAX_JSON_DEPTH} levels: not shown)`;

class TooDeep extends Error {}

function walkJson(node: unknown, name: string | undefined, options: RedactOptions, depth: number): unknown {
  if (typeof node === 'string') return maskString(name, node, options);
  if (depth >= MAX_JSON_DEPTH && node !== null && typeof node === 'object') throw new TooDeep();
  if (Array.isArray(node)) return node.map((v) => walkJson(v, name, options, depth + 1));
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] =
        kindOf(k, options) !== 'plain' && v !== null && typeof v !== 'string' && typeof v !== 'object'
          ? MASK
          : walkJson(v, k, options, depth + 1);
    }
    return out;
  }
  return node;
}

function redactForm(text: string, options: RedactOptions): string {
  if (text === '') return text;
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return maskTokensIn(pair, options);
      const name = safeDecode(pair.slice(0, eq));
      const value = safeDecode(pair.slice(eq + 1));
      const masked = maskString(name, value, options);
      return `${pair.slice(0, eq)}=${masked === value ? pair.slice(eq + 1) : safeEncode(masked)}`;
    })
    .join('&');
}

/** A token's prefix may cut a surrogate pair in half; encode what is left, never throw. */
function safeEncode(s: string): string {
  return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Each part's value, by the name in its Content-Disposition. */
function redactMultipart(text: string, options: RedactOptions): string {
  return text.replace(
    /(Content-Disposition:[^\r\n]*?\bname="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--)/gi,
    (_all, head: string, name: string, value: string) => head + (maskValue(name, value, options) ?? value),
  );
}

/** `<password>x</password>`, `<a secretKey="x">`: by element and attribute name. */
function redactMarkup(text: string, options: RedactOptions): string {
  return text
    .replace(/<([A-Za-z_][\w.:-]*)(\s[^>]*)?>([^<]*)<\/\1\s*>/g, (all, name: string, attrs: string | undefined, value: string) => {
      const masked = maskValue(name, value, options);
      return masked === undefined ? all : `<${name}${attrs ?? ''}>${masked}</${name}>`;
    })
    .replace(/([A-Za-z_][\w.:-]*)\s*=\s*("[^"]*"|'[^']*')/g, (all, name: string, quoted: string) => {
      const masked = maskValue(name, quoted.slice(1, -1), options);
      return masked === undefined ? all : `${name}=${quoted[0]}${masked}${quoted[0]}`;
    });
}
