import type { ServedApi } from '../pipeline/served-api.js';
import type { Handler, NamespaceView } from '../pipeline/stages.js';
import type { Runtime } from '../pipeline/runtime.js';
import type { TokenCodec } from '../auth/tokens.js';
import { compileSpecs } from '../spec/compile-specs.js';
import { buildSpecModel } from '../spec/spec-model.js';
import { createSampler } from '../spec/samples.js';
import { Router } from '../pipeline/router.js';
import { createControlDialect, type ControlAccess } from './control-dialect.js';
import { createStateHandlers } from './handlers/state.js';
import { createIdentityHandlers } from './handlers/identities.js';
import { createTokenHandlers } from './handlers/tokens.js';
import { createKeyHandlers } from './handlers/keys.js';
import { createResourceHandlers } from './handlers/resources.js';

export const CONTROL_PREFIX = '/__authmock';

// The control API issues no tokens of its own.
const NO_TOKENS: TokenCodec = {
  shape: /$^/,
  maxId: 0,
  newVerifier: () => '',
  encode: () => '',
  decode: () => [],
};

/** The control API is served as any API is; its spec's text is read where it is served (create-http-parts.ts). */
export type ControlApi = ServedApi;

/**
 * The control API as the pipeline runs it: its own spec (specs/control.openapi.yaml),
 * router, validation of requests and answers, problem+json errors, and handlers keyed
 * by operationId. Extra handlers (the journal, steering) are added by `extraHandlers`.
 */
export async function createControlApi(
  runtime: Runtime,
  access: ControlAccess,
  extraHandlers: Record<string, Handler> = {},
  /** what else a namespace's reset or deletion forgets (its journal and steering rules) */
  onReset?: (ns: string) => Promise<void>,
): Promise<ControlApi> {
  const { config } = runtime.services;
  const { specs, compiler, save } = await compileSpecs([config.controlSpec], config.cacheDir);
  const model = buildSpecModel(specs[0], compiler, { name: 'control', defaultPermission: 'anonymous' });
  save();
  const handlers = Object.freeze({
    ...createStateHandlers(runtime, onReset),
    ...createIdentityHandlers(runtime),
    ...createTokenHandlers(runtime),
    ...createKeyHandlers(runtime),
    ...createResourceHandlers(runtime),
    ...extraHandlers,
  });
  return Object.freeze({
    name: 'control',
    builtIn: true,
    model,
    claims: [CONTROL_PREFIX],
    servedAt: `${CONTROL_PREFIX}/...`,
    router: new Router(model.operations),
    sample: createSampler([]),
    handlers,
    dialect: createControlDialect(access),
    tokens: NO_TOKENS,
    seed: [],
    userTypes: [],
    strictAnswers: true,
    directory: (ns: NamespaceView) => ({ now: () => ns.now() }),
  });
}
