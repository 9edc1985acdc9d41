import { readFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import type { Document as SpectralDocument } from '@stoplight/spectral-core';
import { LintError } from './lint-error.js';
import { confineRefs } from '../spec/confine-refs.js';

// CommonJS packages: Node's ESM loader cannot see their named exports.
const { Document } = spectralCore;
const { Json, Yaml } = spectralParsers;

/**
 * Reads and parses every file before anything is linted, so that one unreadable or
 * unparsable file stops the run (exit 2) with all such files named, each with line and
 * column. A duplicate key is not a syntax error: Spectral reports it as a finding. A
 * `$ref` to a URL or to a file outside the spec's folder and `refRoots` stops it too,
 * before Spectral's resolver reads anything (as `serve` does: confine-refs.ts).
 */
export function readSpecDocuments(files: readonly string[], cwd: string, refRoots: readonly string[] = []): SpectralDocument[] {
  const documents: SpectralDocument[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const shown = relative(cwd, file) || file;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`${shown}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    // Both parsers give the same shape of result; Document's type parameters say otherwise.
    const parser = (extname(file).toLowerCase() === '.json' ? Json : Yaml) as unknown as ConstructorParameters<typeof Document>[1];
    const document = new Document(text, parser, file);
    const syntax = document.diagnostics.filter((d) => d.severity === 0 && d.path.length === 0);
    if (syntax.length > 0) {
      for (const d of syntax) problems.push(`${shown}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`);
      continue;
    }
    const version = (document.data as { openapi?: unknown } | null)?.openapi;
    if (typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version)) {
      problems.push(`${shown}: not an OpenAPI 3.0 or 3.1 document (its \`openapi\` field is ${JSON.stringify(version ?? null)})`);
      continue;
    }
    const outside = findRefOutside(file, document.data, refRoots);
    if (outside) {
      problems.push(`${shown}: ${outside}`);
      continue;
    }
    documents.push(document);
  }
  if (problems.length > 0) throw new LintError(problems.join('\n'));
  return documents;
}

/** What confineRefs says of the first ref that leaves the folders a spec may read, or undefined. */
function findRefOutside(file: string, doc: unknown, refRoots: readonly string[]): string | undefined {
  try {
    confineRefs(resolve(file), doc, refRoots);
    return undefined;
  } catch (err) {
    if ((err as Error).name !== 'SpecError') throw err;
    return (err as Error).message;
  }
}
