// An operation that needs credentials answers 401 to a caller without valid ones, and
// 403 to one whose token lacks the scopes or roles it lists (RFC 6750 §3.1). Clients,
// mocks and response validators only know those answers if the spec declares them.
// A `4XX` range response covers both.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isCredentialRequired, listSchemeNames, listScopes, readEffectiveSecurity } from './read-effective-security.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const quote = (names) => names.map((n) => `"${n}"`).join(', ');

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['status'],
      properties: { status: { enum: ['401', '403'] } },
    },
  },
  function checkDeclaresAuthResponse(operation, { status }, { document, path }) {
    const requirements = readEffectiveSecurity(document.data, operation);
    if (!isCredentialRequired(requirements)) return [];
    const scopes = listScopes(requirements);
    if (status === '403' && scopes.length === 0) return [];
    const responses = operation.responses;
    const declared = isObject(responses) ? Object.keys(responses).map((s) => s.toUpperCase()) : [];
    if (declared.includes(status) || declared.includes('4XX')) return [];
    const at = isObject(responses) ? [...path, 'responses'] : path;
    const message =
      status === '401'
        ? `Operation requires credentials (${quote(listSchemeNames(requirements))}) but declares no 401 response: ` +
          "add a '401' response with the error body a caller without a valid token gets."
        : `Operation requires scopes or roles (${quote(scopes)}) but declares no 403 response: ` +
          "add a '403' response with the error body a valid token without them gets.";
    return [{ message, path: at }];
  },
);
