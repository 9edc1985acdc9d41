import { createRequire } from 'node:module';
import { SpecError } from './spec-error.js';

// Loaded only for a spec that is not OpenAPI 3.1 already (a start from the cache never does).
const require = createRequire(import.meta.url);

/**
 * Any OpenAPI document as 3.1: Swagger 2.0 and OpenAPI 3.0 are upgraded with Scalar's
 * upgrader (definitions to components, body parameters to request bodies, security
 * definitions to schemes, `nullable` and boolean `exclusiveMinimum` to JSON Schema
 * 2020-12, `example` to `examples`), so one schema dialect and one model serve them all.
 */
export function upgradeDocument(file: string, doc: Record<string, any>): { doc: Record<string, any>; sourceVersion: string } {
  const sourceVersion = String(doc.openapi ?? doc.swagger ?? '');
  if (/^3\.1\.\d+$/.test(sourceVersion)) return { doc, sourceVersion };
  if (!/^(2\.0|3\.0\.\d+)$/.test(sourceVersion)) {
    const at = doc.swagger !== undefined ? '/swagger' : '/openapi';
    throw new SpecError(
      file,
      at,
      undefined,
      `must be OpenAPI 3.0.x or 3.1.x, or Swagger 2.0; found ${JSON.stringify(doc.openapi ?? doc.swagger ?? null)}`,
    );
  }
  const { upgrade } = require('@scalar/openapi-parser') as typeof import('@scalar/openapi-parser');
  try {
    return { doc: upgrade(structuredClone(doc)).specification as Record<string, any>, sourceVersion };
  } catch (err) {
    throw new SpecError(file, '', undefined, `could not be converted from ${sourceVersion} to OpenAPI 3.1: ${(err as Error).message}`);
  }
}
