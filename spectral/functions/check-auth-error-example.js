// A bearer-token API's most common answer after 200 is its 401. Without an example of
// that error body, mocks invent one (or answer an empty body) and client authors guess
// its shape; an example also lets authmock-examples-valid check it against the schema.
// Missing 401s and missing schemas are other rules' findings, so they are skipped here.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isCredentialRequired, readEffectiveSecurity } from './read-effective-security.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function isTokenScheme(scheme) {
  if (!isObject(scheme)) return false;
  if (scheme.type === 'http') return String(scheme.scheme).toLowerCase() === 'bearer';
  return scheme.type === 'oauth2' || scheme.type === 'openIdConnect';
}

function hasExample(media) {
  if (!isObject(media)) return false;
  if (media.example !== undefined) return true;
  if (isObject(media.examples) && Object.keys(media.examples).length > 0) return true;
  const schema = media.schema;
  return isObject(schema) && (schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0));
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkAuthErrorExample(operation, _options, { document, path }) {
    const requirements = readEffectiveSecurity(document.data, operation);
    if (!isCredentialRequired(requirements)) return [];
    const schemes = document.data.components?.securitySchemes ?? {};
    const bearer = requirements.flatMap((r) => Object.keys(r)).find((name) => isTokenScheme(schemes[name]));
    const unauthorized = operation.responses?.['401'];
    if (bearer === undefined || !isObject(unauthorized) || !isObject(unauthorized.content)) return [];
    return Object.entries(unauthorized.content)
      .filter(([, media]) => isObject(media?.schema) && !hasExample(media))
      .map(([mediaType]) => ({
        message:
          `401 response (${mediaType}) of an operation secured by bearer scheme "${bearer}" has no example of its error body: ` +
          'add an `example` (or `examples`) showing what a missing or expired token gets.',
        path: [...path, 'responses', '401', 'content', mediaType],
      }));
  },
);
