import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { json, junit, sarif, stylish } from '@stoplight/spectral-formatters';
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import type { FailSeverity, LintFormat } from './parse-lint-args.js';
import { authFirst, collapseFindings } from './collapse-findings.js';

/** Spectral's severity numbers: 0 error, 1 warn, 2 info, 3 hint. */
export const SEVERITY_LEVELS: Record<FailSeverity, number> = { error: 0, warn: 1, info: 2, hint: 3 };
const SEVERITY_NAMES = ['error', 'warning', 'info', 'hint'];

interface FormatContext {
  format: LintFormat;
  failSeverity: FailSeverity;
  ruleset: Ruleset;
  cwd: string;
  /** keep the stylish format's colours (only when it goes to a terminal) */
  color: boolean;
  /** stylish: every finding, in place; else authentication's first and a rule's repeats folded into one */
  all?: boolean;
}

/** Orders findings by file, then position, as Spectral's CLI does. */
export function sortResults(results: readonly ISpectralDiagnostic[]): ISpectralDiagnostic[] {
  return [...results].sort(
    (a, b) =>
      String(a.source).localeCompare(String(b.source)) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      String(a.code).localeCompare(String(b.code)),
  );
}

/** Renders the findings with Spectral's formatter for the format, paths relative to cwd. */
export function formatResults(results: readonly ISpectralDiagnostic[], context: FormatContext): string {
  const options = { failSeverity: SEVERITY_LEVELS[context.failSeverity] };
  if (context.format === 'sarif') {
    const text = sarif([...results], options, { ruleset: describeRules(context.ruleset, results), spectralVersion: readSpectralVersion() });
    return rebaseSarifUris(text, context.cwd);
  }
  const relativeTo = (list: readonly ISpectralDiagnostic[]) =>
    list.map((r) => ({ ...r, source: r.source ? relative(context.cwd, r.source) || r.source : r.source }));
  const shown = relativeTo(results);
  switch (context.format) {
    case 'json':
      return `${json(shown, options)}\n`;
    case 'junit':
      return junit(shown, options);
    case 'stylish': {
      if (shown.length === 0) return 'No problems found.\n';
      const text = context.all ? stylish(shown, options) : stylishCollapsed(results, context, (list) => stylish(relativeTo(list), options));
      return context.color ? text : stripVTControlCharacters(text);
    }
  }
}

/**
 * Stylish for people: the authentication findings under their own heading first, then the
 * others; one line for all the findings of a rule, with their count and the next places;
 * Spectral's summary counts every finding.
 */
function stylishCollapsed(
  results: readonly ISpectralDiagnostic[],
  context: FormatContext,
  render: (list: readonly ISpectralDiagnostic[]) => string,
): string {
  const { auth, other } = authFirst(collapseFindings(results, context.cwd));
  // each part without Spectral's summary line: one summary, of every finding, ends the report
  const body = (list: readonly ISpectralDiagnostic[]) => render(list).replace(/\n*\S*✖[^\n]*\n*$/u, '\n');
  const parts = [
    ...(auth.length ? [`Authentication\n${body(auth)}`] : []),
    ...(other.length ? [`${auth.length ? 'Other findings\n' : ''}${body(other)}`] : []),
  ];
  return `${parts.join('\n')}\n✖ ${summarize(results)}\n`;
}

/** "3 problems (1 error, 2 warnings, 0 infos, 0 hints)". */
export function summarize(results: readonly ISpectralDiagnostic[]): string {
  const counts = [0, 0, 0, 0];
  for (const r of results) counts[r.severity] = (counts[r.severity] ?? 0) + 1;
  const parts = counts.map((n, i) => `${n} ${SEVERITY_NAMES[i]}${n === 1 ? '' : 's'}`);
  return `${results.length} problem${results.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}

// The SARIF formatter lists every rule of the ruleset with its description, and fails on
// a rule without one (the OWASP ruleset has one): list the rules that are on, or that
// reported something, each with a description.
function describeRules(ruleset: Ruleset, results: readonly ISpectralDiagnostic[]): Ruleset {
  const reported = new Set(results.map((r) => String(r.code)));
  const rules = Object.values(ruleset.rules)
    .filter((rule) => rule.enabled || reported.has(rule.name))
    .map((rule) => ({
      name: rule.name,
      description: rule.description || rule.message || rule.name,
      documentationUrl: rule.documentationUrl,
    }));
  return { rules: Object.fromEntries(rules.map((rule) => [rule.name, rule])) } as unknown as Ruleset;
}

// Spectral's SARIF formatter makes file URIs relative to process.cwd(); code scanning
// resolves them against the checkout, which is the directory the command was run in.
function rebaseSarifUris(text: string, cwd: string): string {
  const log = JSON.parse(text) as {
    runs: {
      artifacts?: { location?: { uri?: string } }[];
      results?: { locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[] }[];
    }[];
  };
  const rebase = (uri: string | undefined) => (uri === undefined ? uri : relative(cwd, resolve(process.cwd(), uri)).split('\\').join('/'));
  for (const run of log.runs) {
    for (const artifact of run.artifacts ?? []) if (artifact.location) artifact.location.uri = rebase(artifact.location.uri);
    for (const result of run.results ?? []) {
      for (const location of result.locations ?? []) {
        const artifactLocation = location.physicalLocation?.artifactLocation;
        if (artifactLocation) artifactLocation.uri = rebase(artifactLocation.uri);
      }
    }
  }
  return `${JSON.stringify(log, null, 2)}\n`;
}

function readSpectralVersion(): string {
  const main = createRequire(import.meta.url).resolve('@stoplight/spectral-core');
  return (JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version;
}
