import { createRequire } from 'node:module';
import type { LoadedSpec } from './load-spec.js';
import { linearRegExp } from './linear-regexp.js';

const require = createRequire(import.meta.url);
export type AjvInstance = import('ajv').default;

/**
 * Two Ajv instances per start-up: requests are coerced the way the real servers cast
 * input (numbers to strings, null to ""), responses are checked strictly.
 * Ajv is required here, not imported: a start whose validators come from the compile
 * cache never loads the compiler (it stays out of the bundle; see scripts/bundle.mjs).
 */
export function createAjv(purpose: 'request' | 'response', specs: readonly LoadedSpec[]): AjvInstance {
  const Ajv2020 = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js').default;
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const ajv: AjvInstance = new Ajv2020({
    strict: false,
    validateSchema: false,
    allErrors: true,
    coerceTypes: purpose === 'request',
    useDefaults: false,
    // keeps generated source, so compiled validators can be cached as standalone code
    // patterns run on RE2, in time linear in the input, live and in the cached code alike
    code: { source: true, regExp: linearRegExp },
    // OpenAPI keywords that are annotations for JSON Schema purposes.
    keywords: ['example', 'xml', 'externalDocs', 'discriminator'],
    // formats Ajv does not know (`html`, `token` in vendors' specs) are ignored, without a console line each
    logger: false,
  });
  addFormats(ajv);
  for (const spec of specs) ajv.addSchema(withoutExamples(spec.doc) as object, spec.id);
  return ajv;
}

/**
 * The document as the compiler sees it: examples are data, not schemas, and Ajv looks for
 * `$id`s everywhere (Okta's spec has an example that is itself a JSON Schema with a
 * templated `$id`). No schema refers to an example, so they are left out.
 */
function withoutExamples(node: unknown, namesOnly = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutExamples(n));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // under `properties` (and the other maps of names) `example` is a name, not the keyword
    if (!namesOnly && (key === 'example' || key === 'examples')) continue;
    out[key] = withoutExamples(value, !namesOnly && NAME_MAPS.has(key));
  }
  return out;
}

/** Keys whose value maps names (a property called `example`, a schema called `examples`) to things. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'paths',
  'webhooks',
]);
