import { resolve } from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import type { Document as SpectralDocument, ISpectralDiagnostic } from '@stoplight/spectral-core';
import { bundleDocument, hasExternalRefs } from '../spec/bundle-document.js';
import { upgradeDocument } from '../spec/upgrade-document.js';
import { normalizeSchemas } from '../spec/normalize-schemas.js';
import { SpecError } from '../spec/spec-error.js';
import { LintError } from './lint-error.js';
import { swagger2PathOf } from './swagger2-path-of.js';

const { Document } = spectralCore;
const { Json } = spectralParsers;

/** What Spectral lints, and how its findings are placed in the file the user wrote. */
export interface LintTarget {
  document: SpectralDocument;
  place(finding: ISpectralDiagnostic): ISpectralDiagnostic;
  /** findings of the file as written that Spectral does not see in the document it lints (a 2.0 file's duplicate keys) */
  parserFindings: readonly ISpectralDiagnostic[];
}

/**
 * A Swagger 2.0 document, linted as `authmock serve` serves it: bundled, upgraded to
 * OpenAPI 3.1 and mended as `loadSpec` does. Each finding is placed back in the 2.0 file:
 * its path mapped to the 2.0 document's (swagger2PathOf), its line and column that
 * place's in the file.
 */
export async function upgradeSwagger2(original: SpectralDocument, file: string, shown: string): Promise<LintTarget> {
  // Spectral hands its data out behind a proxy, which structuredClone refuses
  let doc = JSON.parse(JSON.stringify(original.data)) as Record<string, any>;
  try {
    if (hasExternalRefs(doc)) doc = (await bundleDocument(resolve(file), doc)).doc;
    doc = upgradeDocument(shown, doc).doc;
    normalizeSchemas(doc);
  } catch (err) {
    if (err instanceof SpecError) throw new LintError(err.message);
    throw err;
  }
  // the upgraded document carries the file's name, so Spectral names the file in each finding
  const document = new Document(JSON.stringify(doc, null, 2), Json as unknown as ConstructorParameters<typeof Document>[1], file);
  const data = original.data as Record<string, any>;
  return {
    document,
    parserFindings: original.diagnostics as ISpectralDiagnostic[],
    place(finding) {
      if (finding.source !== file) return finding;
      const path = swagger2PathOf(finding.path, data);
      return { ...finding, path, range: original.getRangeForJsonPath(path, true) ?? finding.range };
    },
  };
}
