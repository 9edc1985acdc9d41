// A security scheme that no requirement applies protects nothing: usually the spec meant
// to put it in the top-level `security` (or an operation's) and forgot, so the API looks
// open to every generated client and mock. spectral:oas's unused-component check skips
// security schemes, since they are referenced by name, not by $ref.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { listOperations } from './list-operations.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkSchemesUsed(document) {
    const schemes = document.components?.securitySchemes;
    if (!isObject(schemes)) return [];
    const requirements = [
      ...(Array.isArray(document.security) ? document.security : []),
      ...listOperations(document).flatMap(({ operation }) => (Array.isArray(operation.security) ? operation.security : [])),
    ];
    const used = new Set(requirements.filter(isObject).flatMap((r) => Object.keys(r)));
    return Object.keys(schemes)
      .filter((name) => !used.has(name))
      .map((name) => ({
        message:
          `Security scheme "${name}" is declared but no \`security\` requirement uses it: ` +
          'apply it in the top-level `security` or in the operations that need it, or remove it.',
        path: ['components', 'securitySchemes', name],
      }));
  },
);
