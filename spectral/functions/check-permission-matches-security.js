// authmock enforces x-authmock-permission; clients and generated SDKs read `security`.
// When the two disagree, one of them documents an API that does not exist: an anonymous
// operation whose spec demands a token, or a protected one that says none is needed.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isCredentialRequired, readEffectiveSecurity } from './read-effective-security.js';

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkPermissionMatchesSecurity(operation, _options, { document, path }) {
    const permission = operation['x-authmock-permission'];
    if (permission === undefined) return []; // authmock-permission reports it
    const required = isCredentialRequired(readEffectiveSecurity(document.data, operation));
    const at = [...path, Array.isArray(operation.security) ? 'security' : 'x-authmock-permission'];
    if (permission === 'anonymous' && required) {
      return [{
        message:
          'Operation is anonymous in authmock but its `security` requires credentials: add an empty requirement ' +
          '(`- {}`) to make the token optional, or give it the permission it needs.',
        path: at,
      }];
    }
    if (permission !== 'anonymous' && !required) {
      return [{
        message:
          `Operation needs permission ${JSON.stringify(permission)} but its \`security\` lets callers in without ` +
          'credentials: list the token scheme it needs (with no `{}` alternative), or make it anonymous.',
        path: at,
      }];
    }
    return [];
  },
);
