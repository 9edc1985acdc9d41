/**
 * The `error` of the Bearer challenge in a WWW-Authenticate value (RFC 6750 §3), which may
 * hold several challenges (`Basic realm="x", Bearer realm="y", error="invalid_token"`).
 */
export function readChallengeError(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const start = header.search(/(^|,)\s*Bearer(\s|$)/i);
  if (start < 0) return undefined;
  const rest = header.slice(start).replace(/^,?\s*Bearer/i, '');
  // The challenge ends where the next one starts: an auth-scheme token followed by a space and a parameter.
  const next = rest.search(/,\s*[A-Za-z][\w!#$%&'*+.^`|~-]*\s+[\w!#$%&'*+.^`|~-]+=/);
  const own = next < 0 ? rest : rest.slice(0, next);
  return /(?:^|[\s,])error\s*=\s*"?([^",\s]+)"?/i.exec(own)?.[1];
}
