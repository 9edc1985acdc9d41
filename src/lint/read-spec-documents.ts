import { readFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { LintError } from './lint-error.js';
import { confineRefs } from '../spec/confine-refs.js';
import { upgradeSwagger2, type LintTarget } from './upgrade-swagger2.js';

// CommonJS packages: Node's ESM loader cannot see their named exports.
const { Document } = spectralCore;
const { Json, Yaml } = spectralParsers;

/**
 * Reads and parses every file before anything is linted, so that one unreadable or
 * unparsable file stops the run (exit 2) with all such files named, each with line and
 * column. A duplicate key is not a syntax error: Spectral reports it as a finding. A
 * `$ref` to a URL or to a file outside the spec's folder and `refRoots` stops it too,
 * before Spectral's resolver reads anything (as `serve` does: confine-refs.ts). A
 * Swagger 2.0 document is upgraded as `authmock serve` upgrades it, its findings placed
 * back in the 2.0 file.
 */
export async function readSpecDocuments(files: readonly string[], cwd: string, refRoots: readonly string[] = []): Promise<LintTarget[]> {
  const documents: LintTarget[] = [];
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
    const outside = findRefOutside(file, document.data, refRoots);
    if (outside) {
      problems.push(`${shown}: ${outside}`);
      continue;
    }
    const data = document.data as { openapi?: unknown; swagger?: unknown } | null;
    if (data?.swagger === '2.0' && data.openapi === undefined) {
      try {
        documents.push(await upgradeSwagger2(document, file, shown));
      } catch (err) {
        if (!(err instanceof LintError)) throw err;
        problems.push(err.message);
      }
      continue;
    }
    const version = data?.openapi;
    if (typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version)) {
      const field =
        version === undefined && data?.swagger !== undefined
          ? `\`swagger\` field is ${JSON.stringify(data.swagger)}`
          : `\`openapi\` field is ${JSON.stringify(version ?? null)}`;
      problems.push(`${shown}: not an OpenAPI 3.0 or 3.1 or Swagger 2.0 document (its ${field})`);
      continue;
    }
    documents.push({ document, place: (finding) => finding, parserFindings: [] });
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
