import { readFileSync } from 'node:fs';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { Handler } from '../pipeline/context.js';
import type { Runtime } from '../runtime/create-runtime.js';
import type { TokenCodec } from '../auth/tokens.js';
import { compileSpecs } from '../spec/compile-specs.js';
import { buildOperations } from '../spec/build-operations.js';
import { Router } from '../pipeline/router.js';
import { createControlDialect, type ControlAccess } from './control-dialect.js';
import { createStateHandlers } from './handlers/state.js';
import { createIdentityHandlers } from './handlers/identities.js';
import { createTokenHandlers } from './handlers/tokens.js';

export const CONTROL_PREFIX = '/__authmock';

// The control API issues no tokens of its own.
const NO_TOKENS: TokenCodec = {
  shape: /$^/,
  maxId: 0,
  newVerifier: () => '',
  encode: () => '',
  decode: () => [],
};

export interface ControlApi extends ApiRuntime {
  /** the control spec's text, served at /__authmock/openapi.yaml */
  readonly specText: string;
}

/**
 * The control API as the pipeline runs it: its own spec (specs/control.openapi.yaml),
 * router, validation of requests and answers, problem+json errors, and handlers keyed
 * by operationId. Extra handlers (the journal, steering) are added by `extraHandlers`.
 */
export function createControlApi(
  runtime: Runtime,
  access: ControlAccess,
  extraHandlers: Record<string, Handler> = {},
  /** what else a namespace's reset or deletion forgets (its journal and steering rules) */
  onReset?: (ns: string) => void,
): ControlApi {
  const { config } = runtime.services;
  const { specs, compiler, save } = compileSpecs([config.controlSpec], config.cacheDir);
  const operations = buildOperations('control', specs[0], compiler, { defaultPermission: 'anonymous' });
  save();
  const handlers = Object.freeze({
    ...createStateHandlers(runtime, onReset),
    ...createIdentityHandlers(runtime),
    ...createTokenHandlers(runtime),
    ...extraHandlers,
  });
  return Object.freeze({
    name: 'control',
    prefix: CONTROL_PREFIX,
    servedAt: `${CONTROL_PREFIX}/...`,
    router: new Router(operations),
    operations,
    handlers,
    dialect: createControlDialect(access),
    tokens: NO_TOKENS,
    seed: [],
    resolvePrincipal: async () => undefined,
    specText: readFileSync(config.controlSpec, 'utf8'),
  });
}
