import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { makeDirectory } from '../core/make-directory.js';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import spectralCore from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { LintError } from './lint-error.js';
import { parseLintArgs, type LintArgs } from './parse-lint-args.js';
import { findSpecFiles } from './find-spec-files.js';
import { readSpecDocuments } from './read-spec-documents.js';
import { loadRuleset } from './load-ruleset.js';
import { formatResults, SEVERITY_LEVELS, sortResults, summarize } from './format-results.js';
import { countAuthFindings, summarizeAuth } from './summarize-auth.js';
import { useLinearPatterns } from './use-linear-patterns.js';
import { dropServeAccepted } from './collapse-findings.js';

const { Spectral } = spectralCore;

export interface LintIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  /** where relative file arguments, globs and report paths start (default: process.cwd()) */
  cwd?: string;
  /** the authmock package directory (default: found above this module) */
  root?: string;
  /** folders besides each spec's own that its `$ref`s may read (the project file's refRoots) */
  refRoots?: readonly string[];
}

/**
 * `authmock lint [files or globs...]`: lints OpenAPI 3.0/3.1 and Swagger 2.0 documents
 * with authmock's Spectral ruleset. Returns the exit code: 0 nothing at or above --fail-severity, 1
 * something is, 2 a usage error, an unreadable or unparsable file, or a bad ruleset.
 */
export async function runLint(argv: readonly string[], io: LintIo): Promise<number> {
  const args = parseLintArgs(argv, io);
  if (typeof args === 'number') return args;
  const cwd = io.cwd ?? process.cwd();
  try {
    return await lint(args, { ...io, cwd, root: io.root ?? findPackageRoot() });
  } catch (err) {
    if (!(err instanceof LintError)) throw err;
    for (const line of err.message.split('\n')) io.stderr.write(`authmock lint: ${line}\n`);
    return 2;
  }
}

async function lint(args: LintArgs, io: LintIo & { cwd: string; root: string }): Promise<number> {
  // Without files: the served specs, with the configuration authmock's own CI lints them with.
  const served = args.files.length === 0;
  const files = served ? listServedSpecs(io.root) : findSpecFiles(args.files, io.cwd);
  const rulesetFile = args.ruleset !== undefined ? resolve(io.cwd, args.ruleset) : served ? packageConfig(io.root) : undefined;
  const documents = await readSpecDocuments(files, io.cwd, io.refRoots);
  const ruleset = await loadRuleset(io.root, rulesetFile, io.cwd, { owasp: args.owasp });

  const refused = new Map<string, string>();
  useLinearPatterns((pattern, message) => refused.set(pattern, message));
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const results: ISpectralDiagnostic[] = [];
  for (const { document, place, parserFindings } of documents)
    results.push(...(await spectral.run(document)).map(place), ...parserFindings);
  const sorted = sortResults(
    args.strict
      ? results
      : dropServeAccepted(
          results,
          documents.map((d) => d.document),
        ),
  );
  for (const [pattern, message] of refused)
    io.stderr.write(`authmock lint: pattern ${JSON.stringify(pattern)} is not checked against examples (RE2 cannot run it: ${message})\n`);

  const toTerminal = args.output === undefined && io.stdout.isTTY === true;
  const report = formatResults(sorted, {
    format: args.format,
    failSeverity: args.failSeverity,
    ruleset,
    cwd: io.cwd,
    color: toTerminal,
    all: args.all,
  });
  if (args.output === undefined) {
    io.stdout.write(report);
    // after Spectral's own summary, what a token-authenticated API's author looks for first
    if (args.format === 'stylish' && sorted.length > 0) io.stdout.write(`${summarizeAuth(sorted)}\n`);
  } else {
    const target = resolve(io.cwd, args.output);
    try {
      makeDirectory(dirname(target));
      writeFileSync(target, report);
    } catch (err) {
      throw new LintError(`cannot write ${args.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    io.stdout.write(
      `${summarize(sorted)}, ${countAuthFindings(sorted)} about authentication, in ${documents.length} file${documents.length === 1 ? '' : 's'}; ${args.format} report written to ${relative(io.cwd, target)}\n`,
    );
  }
  const failAt = SEVERITY_LEVELS[args.failSeverity];
  return sorted.some((r) => r.severity <= failAt) ? 1 : 0;
}

/** The specs authmock serves: specs/*.openapi.yaml in its package. */
function listServedSpecs(root: string): string[] {
  const dir = join(root, 'specs');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.openapi.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

/** The package's .spectral.yaml: authmock's ruleset plus the reasoned exceptions for its specs. */
function packageConfig(root: string): string | undefined {
  const file = join(root, '.spectral.yaml');
  return existsSync(file) ? file : undefined;
}

/** The authmock package directory, from src/lint, dist/lint or the bundle in dist/bundle. */
function findPackageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'spectral', 'ruleset.mjs'))) {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'authmock') return dir;
    }
  }
  throw new LintError('cannot find the authmock package directory (with spectral/ruleset.mjs)');
}
