// authmock's ruleset without OWASP (export: authmock/spectral-ruleset/core), the one
// `authmock lint` runs by default: spectral:oas, authmock's auth rules for any
// token-authenticated API and its serving rules, which only report on specs authmock
// serves. `authmock lint --owasp` runs ./ruleset.mjs, which adds the OWASP ruleset.
// In a .spectral.yaml:  extends: [authmock/spectral-ruleset/core]
import { oas } from '@stoplight/spectral-rulesets';
import auth from './auth.mjs';
import serving from './serving.mjs';

export default {
  extends: [oas, auth, serving],
  rules: {
    // authmock-security-agrees checks the same and more, and accepts OAS 3.1 roles.
    'oas3-operation-security-defined': 'off',
  },
};
