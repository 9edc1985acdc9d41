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
      (doc.openapi ?? doc.swagger) === undefined
        ? 'must be OpenAPI 3.0.x or 3.1.x, or Swagger 2.0; it has no openapi (or swagger) field'
        : `must be OpenAPI 3.0.x or 3.1.x, or Swagger 2.0; found ${JSON.stringify(doc.openapi ?? doc.swagger)}`,
    );
  }
  const { upgrade } = require('@scalar/openapi-parser') as typeof import('@scalar/openapi-parser');
  try {
    const upgraded = upgrade(structuredClone(doc)).specification as Record<string, any>;
    if (sourceVersion === '2.0') allowNullWhereMarked(upgraded);
    return { doc: upgraded, sourceVersion };
  } catch (err) {
    throw new SpecError(file, '', undefined, `could not be converted from ${sourceVersion} to OpenAPI 3.1: ${(err as Error).message}`);
  }
}

/**
 * Swagger 2.0 had no null type; specs in the wild mark nullable schemas with the vendor
 * extension `x-nullable: true` (go-swagger, NSwag, Swashbuckle), which the upgrader keeps
 * as it is. It becomes what OpenAPI 3.1 says: `null` among the schema's types.
 */
function allowNullWhereMarked(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullWhereMarked);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema['x-nullable'] === true) {
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    else if (Array.isArray(schema.type) && !schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    delete schema['x-nullable'];
  }
  for (const value of Object.values(schema)) allowNullWhereMarked(value);
}
