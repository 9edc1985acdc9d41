// authmock's serving rules (export: authmock/spectral-ruleset/serving): what a spec needs
// for authmock to serve it. They only report on specs authmock serves (its commerce and
// social specs, or any spec with x-authmock-* extensions; see functions/served-only.js),
// so extending them costs other APIs nothing. Listed in docs/lint.md.
import { oas3 } from '@stoplight/spectral-formats';
import { pattern, truthy } from '@stoplight/spectral-functions';
import checkPermission from './functions/check-permission.js';
import checkPermissionMatchesSecurity from './functions/check-permission-matches-security.js';
import checkServedExample from './functions/check-served-example.js';
import { servedOnly } from './functions/served-only.js';

const OPERATIONS = '$.paths[*][get,put,post,delete,options,head,patch,trace]';

export default {
  formats: [oas3],
  rules: {
    'authmock-operation-id': {
      description: 'Every operation has a camelCase operationId (handlers and generated types are keyed by it).',
      message: 'Operation needs a camelCase operationId (authmock keys handlers by it): {{error}}.',
      severity: 'error',
      given: OPERATIONS,
      then: [
        { field: 'operationId', function: servedOnly(truthy) },
        { field: 'operationId', function: servedOnly(pattern), functionOptions: { match: '^[a-z][A-Za-z0-9]*$' } },
      ],
    },
    'authmock-permission': {
      description: 'Every operation has an x-authmock-permission that this API can serve.',
      message: '{{error}}',
      severity: 'error',
      given: OPERATIONS,
      then: { function: servedOnly(checkPermission) },
    },
    'authmock-permission-matches-security': {
      description: 'Anonymous operations have optional or no security; all others require credentials.',
      message: '{{error}}',
      severity: 'error',
      given: OPERATIONS,
      then: { function: servedOnly(checkPermissionMatchesSecurity) },
    },
    'authmock-served-example': {
      description: 'Every operation authmock has no handler for declares a 2xx example to answer with.',
      message: '{{error}}',
      severity: 'error',
      given: OPERATIONS,
      then: { function: servedOnly(checkServedExample) },
    },
    'authmock-declares-default': {
      description: 'Every operation declares a `default` response (authmock can answer 406, 413 or 500 anywhere).',
      message: 'Operation declares no `default` response: add one with the error body (authmock can answer 406, 413 or 500 on any operation).',
      severity: 'error',
      given: OPERATIONS,
      then: { field: 'responses.default', function: servedOnly(truthy) },
    },
    'authmock-extension-reason': {
      description: 'x-authmock-extension, when present, says in words (20 characters or more) why the operation exists.',
      message: 'x-authmock-extension must say in words why the operation exists (20 characters or more).',
      severity: 'error',
      given: OPERATIONS,
      then: { field: 'x-authmock-extension', function: servedOnly(pattern), functionOptions: { match: '^\\S[\\s\\S]{19,}$' } },
    },
  },
};
