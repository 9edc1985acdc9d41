// URLSearchParams keeps `%zz` as it is and turns `%ff` into U+FFFD; the router keeps a path
// segment it cannot decode as it came. Both would reach a handler as text the client never
// meant, so a declared parameter with such a sequence is refused instead (RFC 3986 §2.1,
// UTF-8 per RFC 3987); an undeclared one is ignored, as the parameter is.

/** The first parameter of `declared` whose raw text in the query is not valid percent-encoded UTF-8. */
export function findBadQueryEncoding(rawQuery: string, declared: (key: string) => boolean): string | undefined {
  if (!rawQuery.includes('%') || decodes(rawQuery)) return undefined;
  for (const piece of rawQuery.split('&')) {
    if (decodes(piece)) continue;
    const raw = piece.split('=')[0];
    const key = decodes(raw) ? decodeURIComponent(raw.replace(/\+/g, ' ')) : raw;
    if (declared(key)) return key;
  }
  return undefined;
}

/**
 * Where the raw path holds a sequence that is not valid percent-encoded UTF-8: the path
 * parameter the router could not decode, else '' (a literal segment); undefined: none.
 */
export function findBadPathEncoding(rawPath: string, params: Readonly<Record<string, string>>): string | undefined {
  if (!rawPath.includes('%') || decodes(rawPath)) return undefined;
  return Object.keys(params).find((name) => !decodes(params[name])) ?? '';
}

function decodes(s: string): boolean {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}
