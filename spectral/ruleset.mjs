// authmock's Spectral ruleset (export: authmock/spectral-ruleset), the one `authmock lint
// --owasp` runs (and this repository's .spectral.yaml extends): spectral:oas, the OWASP API
// Security Top 10 ruleset (from node_modules: its documented URL needs the network),
// authmock's auth rules for any token-authenticated API and its serving rules, which only
// report on specs authmock serves. Without OWASP: ./core.mjs, what `authmock lint` runs.
// In a .spectral.yaml:  extends: [authmock/spectral-ruleset]
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';
import auth from './auth.mjs';
import serving from './serving.mjs';

export default {
  extends: [oas, owasp, auth, serving],
  rules: {
    // authmock-security-agrees checks the same and more, and accepts OAS 3.1 roles.
    'oas3-operation-security-defined': 'off',
  },
};
