// URLSearchParams keeps `%zz` as it is and turns `%ff` into U+FFFD; the router keeps a path
// segment it cannot decode as it came. Both would reach the schema as text the client never
// meant, so a request with such a sequence is refused instead (RFC 3986 §2.1, UTF-8 per RFC 3987).

/** The name of the first query parameter whose raw text is not valid percent-encoded UTF-8. */
export function findBadQueryEncoding(rawQuery: string): string | undefined {
  if (!rawQuery.includes('%') || decodes(rawQuery)) return undefined;
  for (const piece of rawQuery.split('&')) {
    if (decodes(piece)) continue;
    const key = piece.split('=')[0];
    return decodes(key) ? decodeURIComponent(key.replace(/\+/g, ' ')) : key;
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
