/**
 * What a report may show of a request or an answer: passwords and client secrets never,
 * tokens only as a short prefix (enough to tell two apart), Authorization and cookies
 * by their scheme or name. Bodies are masked by field name in every media type the
 * APIs speak, and answers that are a bare token (the commerce token is a JSON string,
 * or the text of `<response>` in XML) by their shape.
 */

const SECRET_NAME = /pass(word)?|secret|credential/i;
const TOKEN_NAME = /token|authorization|cookie|session|bearer|api[-_]?key$/i;
// A run of 20+ URL-safe characters mixing letters and digits: the shape of both APIs' tokens.
const TOKEN_SHAPE = /^(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}$/;
const HIDDEN = '********';
const PREFIX = 4;

/** A token down to its first characters and its length. */
export function maskToken(token: string): string {
  if (token.length <= PREFIX * 2) return HIDDEN;
  return `${token.slice(0, PREFIX)}… (${token.length} chars)`;
}

/** A value as the report may show it, judged by the name of the field that carries it. */
export function maskValue(name: string, value: string): string {
  if (value === '') return value;
  if (SECRET_NAME.test(name)) return HIDDEN;
  if (TOKEN_NAME.test(name) || TOKEN_SHAPE.test(value)) return maskToken(value);
  return value;
}

/** Header names lower-cased; Authorization keeps its scheme, cookies their names; `secretNames` are masked whatever they hold. */
export function maskHeaders(headers: Record<string, string>, secretNames: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const secret = new Set(secretNames.map((n) => n.toLowerCase()));
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    out[name] = secret.has(name) ? maskToken(value) : maskHeader(name, value);
  }
  return out;
}

function maskHeader(name: string, value: string): string {
  if (name === 'authorization' || name === 'proxy-authorization') {
    const [scheme, ...rest] = value.split(' ');
    return rest.length ? `${scheme} ${maskToken(rest.join(' '))}` : maskToken(value);
  }
  if (name === 'cookie') return value.split(/;\s*/).map(maskCookiePair).join('; ');
  if (name === 'set-cookie') {
    const [pair, ...attributes] = value.split(/;\s*/);
    return [maskCookiePair(pair), ...attributes].join('; ');
  }
  return SECRET_NAME.test(name) || TOKEN_NAME.test(name) ? maskToken(value) : value;
}

function maskCookiePair(pair: string): string {
  const eq = pair.indexOf('=');
  return eq < 0 ? pair : `${pair.slice(0, eq)}=${maskToken(pair.slice(eq + 1))}`;
}

/** Query parameters masked by name (`userToken` travels in the query string); `secretNames` whatever they hold. */
export function maskUrl(url: string, secretNames: readonly string[] = []): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return maskText(url);
  }
  if (!parsed.search) return url;
  const query = [...parsed.searchParams].map(([k, v]) => `${k}=${secretNames.includes(k) ? maskToken(v) : maskValue(k, v)}`).join('&');
  return `${parsed.origin}${parsed.pathname}?${query}`;
}

/** A body masked according to its media type; anything unparseable falls back to maskText. */
export function maskBody(text: string, mediaType: string): string {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return maskJson(text);
  if (type === 'application/x-www-form-urlencoded') return maskForm(text);
  if (type === 'multipart/form-data') return maskMultipart(text);
  if (type.endsWith('/xml') || type.endsWith('+xml')) return maskXml(text);
  return maskText(text);
}

function maskJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return maskText(text);
  }
  return JSON.stringify(maskJsonValue(value, ''), null, 2);
}

function maskJsonValue(value: unknown, name: string): unknown {
  if (typeof value === 'string') return maskValue(name, value);
  if (Array.isArray(value)) return value.map((v) => maskJsonValue(v, name));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJsonValue(v, k)]));
  }
  // A number or boolean under a secret's name is still that secret.
  return SECRET_NAME.test(name) && value !== null && value !== undefined ? HIDDEN : value;
}

function maskForm(text: string): string {
  return [...new URLSearchParams(text)].map(([k, v]) => `${k}=${maskValue(k, v)}`).join('&');
}

function maskMultipart(text: string): string {
  // Each part: its headers naming the field, a blank line, the value up to the line break.
  return text.replace(
    /(name="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([^\r\n]*)/g,
    (_all, head: string, name: string, value: string) => head + maskValue(name, value),
  );
}

function maskXml(text: string): string {
  // Up to the next tag, not to the matching close tag: malformed XML is masked too.
  return text.replace(/<([A-Za-z_][\w.:-]*)(\s[^>]*)?>([^<]*)/g, (all, tag: string, attributes: string | undefined, content: string) => {
    const local = tag.includes(':') ? tag.slice(tag.indexOf(':') + 1) : tag;
    const masked = maskValue(local, content.trim());
    return masked === content.trim() ? all : `<${tag}${attributes ?? ''}>${masked}`;
  });
}

/**
 * Free text (a check's message, a body of unknown type): `"name": "value"` and
 * `name=value` pairs by name, Bearer credentials, and quoted token-shaped strings.
 */
export function maskText(text: string): string {
  return text
    .replace(
      /("([\w-]+)"\s*:\s*")((?:[^"\\]|\\.)*)"/g,
      (_all, head: string, name: string, value: string) => `${head}${maskValue(name, value)}"`,
    )
    .replace(/\b([\w-]+)=([^&\s"';,]+)/g, (_all, name: string, value: string) => `${name}=${maskValue(name, value)}`)
    .replace(/\b(Bearer|Basic)\s+([^\s"',;]+)/gi, (_all, scheme: string, value: string) => `${scheme} ${maskToken(value)}`)
    .replace(/"([A-Za-z0-9_-]{20,})"/g, (all, value: string) => (TOKEN_SHAPE.test(value) ? `"${maskToken(value)}"` : all));
}
