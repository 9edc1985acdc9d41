/** The first parameter a request sends more than once: RFC 6749 §3.1 and §3.2 allow each only once. */
export function repeatedParam(params: URLSearchParams): string | undefined {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}
