// The top-level and per-operation security requirements must agree with the schemes
// they name: each names a declared scheme; an OAuth 2 requirement only asks for scopes
// the scheme's flows define (a typo there makes every token fail, or every scope check
// pass in a permissive mock); in OAS 3.0 a requirement of any other scheme lists no
// scopes, while OAS 3.1 lets it list roles. This supersedes spectral:oas's
// oas3-operation-security-defined, which also flags 3.1 roles (ruleset.mjs turns it off).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { listOperations } from './list-operations.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function listRequirements(document) {
  const found = [];
  const add = (security, at) => {
    if (!Array.isArray(security)) return;
    security.forEach((requirement, i) => isObject(requirement) && found.push({ requirement, path: [...at, 'security', i] }));
  };
  add(document.security, []);
  for (const { operation, path } of listOperations(document)) add(operation.security, path);
  return found;
}

function declaredScopes(scheme) {
  const flows = isObject(scheme.flows) ? Object.values(scheme.flows) : [];
  return new Set(flows.flatMap((flow) => (isObject(flow?.scopes) ? Object.keys(flow.scopes) : [])));
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkSecurityAgrees(document) {
    const schemes = isObject(document.components?.securitySchemes) ? document.components.securitySchemes : {};
    const isOas30 = String(document.openapi).startsWith('3.0');
    const results = [];
    for (const { requirement, path } of listRequirements(document)) {
      for (const [name, scopes] of Object.entries(requirement)) {
        const scheme = schemes[name];
        if (!isObject(scheme)) {
          results.push({
            message:
              `Security requirement names "${name}", which components.securitySchemes does not declare: ` +
              'declare the scheme there or correct the name.',
            path: [...path, name],
          });
          continue;
        }
        if (!Array.isArray(scopes)) continue;
        if (scheme.type === 'oauth2') {
          const declared = declaredScopes(scheme);
          scopes.forEach((scope, i) => {
            if (declared.has(scope)) return;
            results.push({
              message:
                `Scope ${JSON.stringify(scope)} is not defined by any flow of OAuth 2 scheme "${name}": ` +
                "add it to the flow's `scopes` or correct its spelling.",
              path: [...path, name, i],
            });
          });
        } else if (isOas30 && scheme.type !== 'openIdConnect' && scopes.length > 0) {
          results.push({
            message:
              `Requirement of ${scheme.type} scheme "${name}" lists scopes, which OpenAPI 3.0 allows only ` +
              'for OAuth 2 and OpenID Connect: use `[]`, or move to OpenAPI 3.1, where this list names roles.',
            path: [...path, name],
          });
        }
      }
    }
    return results;
  },
);
