import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LoadedSpec } from './load-spec.js';

// ajv and ajv-formats are CommonJS: their default export arrives wrapped under ESM.
const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;
export type AjvInstance = import('ajv').default;

/**
 * Two Ajv instances per start-up: requests are coerced the way the real servers cast
 * input (numbers to strings, null to ""), responses are checked strictly.
 */
export function createAjv(purpose: 'request' | 'response', specs: readonly LoadedSpec[]): AjvInstance {
  const ajv: AjvInstance = new Ajv2020({
    strict: false,
    validateSchema: false,
    allErrors: true,
    coerceTypes: purpose === 'request',
    useDefaults: false,
    // keeps generated source, so compiled validators can be cached as standalone code
    code: { source: true },
    // OpenAPI keywords that are annotations for JSON Schema purposes.
    keywords: ['example', 'xml', 'externalDocs', 'discriminator'],
  });
  addFormats(ajv);
  for (const spec of specs) ajv.addSchema(spec.doc, spec.id);
  return ajv;
}

