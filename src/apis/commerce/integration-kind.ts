import type { IdentityKind } from '../../pipeline/served-api.js';
import { IdentityInputError } from '../../pipeline/served-api.js';
import { identityToIntegration, integrationToIdentity, type Integration } from './identities.js';

const CREDENTIAL = /^[0-9a-z]{32}$/;
const CREDENTIALS = ['consumerKey', 'consumerSecret', 'accessToken', 'tokenSecret'] as const;

/**
 * Integrations as the control API creates and changes them (docs/commerce-integrations.md
 * §10). The caller chooses the four credentials (32 characters of [0-9a-z], as the platform
 * makes them), since it must sign with them; the view never shows the two secrets.
 */
export const integrationKind: IdentityKind = {
  kind: 'integration',
  async create(input, tools) {
    if (typeof input.name !== 'string' || !input.name) throw new IdentityInputError('name is required (a non-empty string)');
    const credentials = readCredentials(input, true) as Pick<Integration, (typeof CREDENTIALS)[number]>;
    return integrationToIdentity({
      id: await tools.nextId(),
      name: input.name,
      active: input.active !== false,
      resources: readResources(input.resources ?? 'all'),
      tokenRevoked: input.tokenRevoked === true,
      ...credentials,
    });
  },
  update(current, patch) {
    const n = identityToIntegration(current);
    if (patch.name !== undefined) {
      if (typeof patch.name !== 'string' || !patch.name) throw new IdentityInputError('name must be a non-empty string');
      n.name = patch.name;
    }
    if (patch.active !== undefined) n.active = patch.active === true;
    if (patch.tokenRevoked !== undefined) n.tokenRevoked = patch.tokenRevoked === true;
    if (patch.resources !== undefined) n.resources = readResources(patch.resources);
    return integrationToIdentity({ ...n, ...readCredentials(patch, false) });
  },
  view(i) {
    const n = identityToIntegration(i);
    return {
      id: n.id,
      name: n.name,
      active: n.active,
      resources: n.resources === 'all' ? 'all' : [...n.resources],
      consumerKey: n.consumerKey,
      tokenRevoked: n.tokenRevoked,
    };
  },
};

function readCredentials(input: Record<string, unknown>, required: boolean): Partial<Record<(typeof CREDENTIALS)[number], string>> {
  const out: Partial<Record<(typeof CREDENTIALS)[number], string>> = {};
  for (const name of CREDENTIALS) {
    const value = input[name];
    if (value === undefined && !required) continue;
    if (typeof value !== 'string' || !CREDENTIAL.test(value)) throw new IdentityInputError(`${name} must be 32 characters of [0-9a-z]`);
    out[name] = value;
  }
  return out;
}

function readResources(value: unknown): 'all' | ReadonlySet<string> {
  if (value === 'all') return 'all';
  if (Array.isArray(value) && value.every((r) => typeof r === 'string' && r.length > 0)) return new Set(value as string[]);
  throw new IdentityInputError('resources must be "all" or a list of ACL resource ids');
}
