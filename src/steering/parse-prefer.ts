/**
 * Prism's `Prefer` header (docs: stoplight.io/docs/prism, "Request a specific response"):
 * `Prefer: code=401`, `Prefer: example=<name>`, or both, comma-separated.
 */
export function parsePrefer(header: string | string[] | undefined): { code?: number; example?: string } | undefined {
  if (!header) return undefined;
  const out: { code?: number; example?: string } = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(/[,;]/)) {
    const m = /^\s*(code|example)\s*=\s*"?([^"]*)"?\s*$/i.exec(part);
    if (!m) continue;
    if (m[1].toLowerCase() === 'code' && /^[1-5]\d\d$/.test(m[2])) out.code = Number(m[2]);
    if (m[1].toLowerCase() === 'example' && m[2]) out.example = m[2];
  }
  return out.code !== undefined || out.example !== undefined ? out : undefined;
}
