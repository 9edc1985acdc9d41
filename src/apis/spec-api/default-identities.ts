import { createHmac } from 'node:crypto';
import type { SpecModel } from '../../spec/spec-model.js';
import type { IdentityFile } from './identity-file.js';

/** Every scope or role the spec names: in requirements, in its identity-file additions, in its OAuth flows. */
export function scopesOf(model: SpecModel): string[] {
  const all = new Set<string>();
  for (const op of model.operations) for (const req of op.security) for (const e of req) e.scopes.forEach((s) => all.add(s));
  for (const scheme of model.schemes.values()) {
    if (scheme.type === 'oauth2') for (const flow of Object.values(scheme.flows)) flow.scopes.forEach((s) => all.add(s));
  }
  return [...all].sort();
}

/** The OAuth grant types a client may use, from the spec's flows. */
function grantTypesOf(model: SpecModel): string[] {
  const grants = new Set<string>(['client_credentials', 'refresh_token']);
  for (const scheme of model.schemes.values()) {
    if (scheme.type === 'openIdConnect') ['authorization_code', 'password'].forEach((g) => grants.add(g));
    if (scheme.type !== 'oauth2') continue;
    for (const kind of Object.keys(scheme.flows)) {
      if (kind === 'authorizationCode') grants.add('authorization_code');
      if (kind === 'password') grants.add('password');
      if (kind === 'implicit') grants.add('implicit');
    }
  }
  return [...grants];
}

/**
 * Identities for a spec that comes without an identity file: a user, and an API key per
 * apiKey scheme, and an OAuth client where the spec names OAuth, each holding every scope
 * the spec names. Their secrets are derived from the state's key, so they stay the same
 * from one start to the next on the same state (and are printed at start).
 */
export function defaultIdentities(model: SpecModel, stateKey: Buffer): IdentityFile {
  const derive = (purpose: string) =>
    createHmac('sha256', stateKey).update(`authmock default ${model.name} ${purpose}`).digest('base64url').slice(0, 20);
  const scopes = scopesOf(model);
  const types = [...model.schemes.values()].map((s) => s.type);
  const keySchemes = [...model.schemes.values()].filter((s) => s.type === 'apiKey' && !s.verifier);
  const oauth = types.includes('oauth2') || types.includes('openIdConnect');
  return {
    users: [{ username: 'demo', password: derive('password'), scopes, claims: { email: 'demo@example.com', name: 'Demo User' } }],
    apiKeys: keySchemes.map((s) => ({ key: `${s.name}-${derive(`key ${s.name}`)}`, scopes })),
    clients: oauth
      ? [
          {
            clientId: 'demo-client',
            clientSecret: derive('client secret'),
            scopes,
            grantTypes: grantTypesOf(model),
            redirectUris: ['http://localhost:3000/callback'],
          },
        ]
      : [],
    operations: {},
    schemes: {},
    bindings: {},
  };
}
