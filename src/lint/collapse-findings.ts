import { relative } from 'node:path';
import type { Document as SpectralDocument, ISpectralDiagnostic } from '@stoplight/spectral-core';
import { isAuthFinding } from './summarize-auth.js';

/** How many places a collapsed finding names before "--all lists every one". */
const FIRST_PLACES = 3;

/**
 * What `serve` accepts and only the linter's strictness finds: YAML's integer mapping keys
 * (Asana's `200:` responses, "Mapping key must be a string scalar"), and the schema rule's
 * complaints about an operation that is a `$ref` (DigitalOcean's `get: { $ref: file }`),
 * which serve resolves and the other rules see resolved. `--strict` keeps them.
 */
export function dropServeAccepted(results: readonly ISpectralDiagnostic[], documents: readonly SpectralDocument[]): ISpectralDiagnostic[] {
  const data = new Map(documents.map((d) => [d.source, d.data as { paths?: Record<string, Record<string, unknown>> } | null]));
  const isOperationRef = (r: ISpectralDiagnostic) => {
    if (r.path[0] !== 'paths' || r.path.length < 3) return false;
    const operation = data.get(r.source ?? null)?.paths?.[String(r.path[1])]?.[String(r.path[2])];
    return typeof operation === 'object' && operation !== null && '$ref' in operation;
  };
  return results.filter(
    (r) =>
      !(r.code === 'parser' && r.message.startsWith('Mapping key must be a string scalar')) &&
      !(String(r.code).endsWith('-schema') && String(r.code).startsWith('oas') && isOperationRef(r)),
  );
}

/**
 * The findings as people read them: authentication's first, then the rest; the repeats of
 * one rule (same severity) folded into the first, its message saying how many there are and
 * where the next few are. `--all` shows every one.
 */
export function collapseFindings(results: readonly ISpectralDiagnostic[], cwd: string): ISpectralDiagnostic[] {
  const groups = new Map<string, ISpectralDiagnostic[]>();
  for (const r of results) {
    const key = `${r.severity} ${String(r.code)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  // a place in the first one's file is its line and column; one in another file names it
  const place = (r: ISpectralDiagnostic, first: ISpectralDiagnostic) =>
    `${r.source === first.source || !r.source ? '' : `${relative(cwd, r.source) || r.source}:`}${r.range.start.line + 1}:${r.range.start.character + 1}`;
  return [...groups.values()].map(([first, ...rest]) => {
    if (rest.length === 0) return first;
    const next = rest
      .slice(0, FIRST_PLACES)
      .map((r) => place(r, first))
      .join(', ');
    const more = rest.length > FIRST_PLACES ? `, and ${rest.length - FIRST_PLACES} more` : '';
    return { ...first, message: `${first.message} [${rest.length + 1} times; also ${next}${more}; --all lists every one]` };
  });
}

/** Authentication's findings, then the others; the order of each kept. */
export function authFirst(results: readonly ISpectralDiagnostic[]): { auth: ISpectralDiagnostic[]; other: ISpectralDiagnostic[] } {
  return { auth: results.filter(isAuthFinding), other: results.filter((r) => !isAuthFinding(r)) };
}
