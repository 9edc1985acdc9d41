import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiModule } from '../api-module.js';
import type { Identity } from '../../store/store.js';
import { specName } from '../../spec/load-spec.js';
import type { SpecModel } from '../../spec/spec-model.js';
import { createSpecTokens } from './token-codec.js';
import { createSpecDialect } from './spec-dialect.js';
import { createSpecDirectory } from './spec-directory.js';
import { buildBindings } from './bindings/index.js';
import { buildMediaHandlers } from './media-handlers.js';
import { specIdentityKinds } from './control-kinds.js';
import { defaultIdentities } from './default-identities.js';
import { EMPTY_IDENTITY_FILE, readIdentityFile, type IdentityFile } from './identity-file.js';
import { apiKeyIdentity, clientIdentity, userIdentity } from './spec-identities.js';
import { GENERATED } from '../../pipeline/namespaces.js';

export interface SpecSource {
  /** the spec file */
  spec: string;
  /** its identity file; default `<name>.authmock.yaml` beside the spec, when there is one */
  identities?: string;
  cacheDir?: string;
}

/** `petstore.openapi.yaml` → `petstore.authmock.yaml` in the same folder. */
export function identityFileBeside(spec: string): string {
  return join(dirname(spec), `${specName(spec)}.authmock.yaml`);
}

/**
 * A user's spec as an API module: no TypeScript per spec. Credentials are verified by the
 * verifiers of its schemes, its requirements and scopes decide, its examples (or samples
 * of its schemas) answer, and its identity file (or generated defaults) says who may call.
 */
export function createSpecModule(source: SpecSource): ApiModule {
  const specFile = resolve(source.spec);
  const name = specName(specFile);
  const explicit = source.identities !== undefined;
  const identityPath = explicit ? resolve(source.identities!) : identityFileBeside(specFile);
  const file: IdentityFile | undefined = explicit || existsSync(identityPath) ? readIdentityFile(identityPath, source.cacheDir) : undefined;
  return {
    name,
    specFile,
    userTypes: ['user', 'client'],
    sources: [identityPath],
    overlay: (file ?? EMPTY_IDENTITY_FILE).operations,
    schemeOverlay: file?.schemes,
    build(setup) {
      const { model, secrets, sample } = setup;
      const identities = file ?? defaultIdentities(model, setup.stateKey);
      const tokens = createSpecTokens(setup.stateKey, name);
      const configs = setup.config.stateless ? { ...identities.bindings, resources: false as const } : identities.bindings;
      const bound = buildBindings(configs, { api: name, model, sample });
      const made: Identity[] = [
        ...identities.users.map((u) => userIdentity(name, secrets, u)),
        ...identities.apiKeys.map((k) => apiKeyIdentity(name, secrets, k)),
        ...identities.clients.map((c) => clientIdentity(name, secrets, c)),
      ];
      // generated defaults are marked: an identity file written later replaces them (src/pipeline/namespaces.ts)
      const seed = file ? made : made.map((i) => ({ ...i, data: { ...i.data, [GENERATED]: true } }));
      return {
        dialect: createSpecDialect({ name, mount: model.mount, schemes: model.schemes, sample }),
        // a binding's handler (a collection's, a login) wins an operation over its answer in a declared type
        handlers: { ...buildMediaHandlers(model, sample), ...bound.handlers },
        tokens,
        seed,
        seedObjects: bound.seedObjects,
        collections: bound.collections,
        directory: createSpecDirectory(name, tokens, servesOAuth(model) ? { baseUrl: setup.baseUrl } : undefined),
        userTypes: [],
        identityKinds: specIdentityKinds(name, secrets),
        strictAnswers: false,
        describeAccounts: () => [...describe(identities, file ? basename(identityPath) : undefined, model), ...bound.describe()],
      };
    },
  };
}

/** The banner's lines: who may call, with the secrets of generated defaults (they are test data). */
function describe(ids: IdentityFile, from: string | undefined, model: SpecModel): string[] {
  // a large spec's defaults hold every scope it names (hundreds): one banner line then says how many, not which
  const scopes = (s: string[]) =>
    s.length === 0 ? '' : s.length > MAX_SCOPES_SHOWN ? ` [${count(s.length, 'scope')}]` : ` [${s.join(' ')}]`;
  if (from) {
    return [
      `identities from ${from}: ${count(ids.users.length, 'user')}, ${count(ids.apiKeys.length, 'API key')}, ${count(ids.clients.length, 'client')}`,
      ...ids.users.map((u) => `  user ${u.username}${scopes(u.scopes)}`),
    ];
  }
  return [
    'no identity file: generated defaults (same on every start with this state)',
    ...ids.users.map((u) => `  user ${u.username} / ${u.password}${scopes(u.scopes)}`),
    ...ids.apiKeys.map((k) => `  API key ${k.key}${scopes(k.scopes)}${prefixed(model, k.key)}`),
    ...ids.clients.map((c) => `  client ${c.clientId} / ${c.clientSecret}`),
  ];
}

/** How a key goes where a scheme wants a word before it: ` (Authorization: SSWS <key>)`. */
function prefixed(model: SpecModel, key: string): string {
  const scheme = [...model.schemes.values()].find((s) => s.type === 'apiKey' && s.prefix);
  return scheme?.type === 'apiKey' ? ` (${scheme.param}: ${scheme.prefix} ${key})` : '';
}

/** Past this many, a banner line counts an identity's scopes instead of listing them. */
const MAX_SCOPES_SHOWN = 12;

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A spec with an oauth2 or openIdConnect scheme: its bearer tokens come from the authorization server. */
export function servesOAuth(model: SpecModel): boolean {
  return [...model.schemes.values()].some((s) => s.type === 'oauth2' || s.type === 'openIdConnect');
}
