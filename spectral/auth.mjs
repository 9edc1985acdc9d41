// authmock's auth rules (export: authmock/spectral-ruleset/auth): what goes wrong in the
// specs of token-authenticated APIs, for any such API. Ids, severities and fixes are
// listed in docs/lint.md. Used alone, put it after spectral:oas in `extends`, so that its
// narrowed oas3-valid-media-example replaces spectral:oas's.
import { oas3 } from '@stoplight/spectral-formats';
import { oas } from '@stoplight/spectral-rulesets';
import checkAuthErrorExample from './functions/check-auth-error-example.js';
import checkDeclaresAuthResponse from './functions/check-declares-auth-response.js';
import checkErrorResponseSchema from './functions/check-error-response-schema.js';
import checkExamples from './functions/check-examples.js';
import checkSchemesUsed from './functions/check-schemes-used.js';
import checkSecurityAgrees from './functions/check-security-agrees.js';

const OPERATIONS = '$.paths[*][get,put,post,delete,options,head,patch,trace]';
const mediaExample = oas.rules['oas3-valid-media-example'];

export default {
  formats: [oas3],
  rules: {
    'authmock-secured-declares-401': {
      description: 'Every operation that requires credentials declares the 401 it answers without valid ones.',
      message: '{{error}}',
      severity: 'error',
      given: OPERATIONS,
      then: { function: checkDeclaresAuthResponse, functionOptions: { status: '401' } },
    },
    'authmock-scoped-declares-403': {
      description: 'Every operation whose security requirement lists scopes or roles declares the 403 it answers when a token lacks them.',
      message: '{{error}}',
      severity: 'error',
      given: OPERATIONS,
      then: { function: checkDeclaresAuthResponse, functionOptions: { status: '403' } },
    },
    'authmock-security-scheme-used': {
      description: 'Every declared security scheme is used by a top-level or per-operation security requirement.',
      message: '{{error}}',
      severity: 'warn',
      given: '$',
      then: { function: checkSchemesUsed },
    },
    'authmock-security-agrees': {
      description:
        'Top-level and per-operation security requirements agree with their schemes: each scheme is declared, OAuth 2 ' +
        "scopes are defined by the scheme's flows, and in OAS 3.0 other schemes list no scopes (3.1 allows roles).",
      message: '{{error}}',
      severity: 'error',
      given: '$',
      then: { function: checkSecurityAgrees },
    },
    'authmock-error-response-schema': {
      description: 'Every 4xx, 5xx (and, beside a success, default) response declares a body with a schema.',
      message: '{{error}}',
      severity: 'warn',
      given: OPERATIONS,
      then: { function: checkErrorResponseSchema },
    },
    'authmock-auth-error-example': {
      description: "A bearer-secured operation's 401 carries an example of its error body.",
      message: '{{error}}',
      severity: 'warn',
      given: OPERATIONS,
      then: { function: checkAuthErrorExample },
    },
    'authmock-examples-valid': {
      description:
        'Examples of XML media types (read as XML) and JSON Schema `examples` arrays validate against their schemas.',
      message: '{{error}}',
      severity: 'error',
      resolved: false,
      given: '$',
      then: { function: checkExamples },
    },
    // spectral:oas's own check, narrowed to non-XML media types: an XML example is a
    // string holding a document, which it would compare as a string with an object
    // schema. authmock-examples-valid checks the XML ones instead.
    'oas3-valid-media-example': {
      description: 'Examples of non-XML media types, parameters and headers validate against their schemas.',
      message: '{{error}}',
      severity: 'error',
      given: [
        '$..content[?(@property && !@property.match(/[/+]xml$/i) && @ && @.schema && (@.example !== void 0 || @.examples))]',
        '$..headers..[?(@ && @.schema && (@.example !== void 0 || @.examples))]',
        '$..parameters..[?(@ && @.schema && (@.example !== void 0 || @.examples))]',
      ],
      then: { function: mediaExample.then.function, functionOptions: mediaExample.then.functionOptions },
    },
  },
};
