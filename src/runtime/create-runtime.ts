import { join } from 'node:path';
import type { ApiName, ApiRuntime, Clock, Handler, RandomSource, Services } from '../core/types.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { Dialect } from '../dialects/dialect.js';
import type { PipelineHooks } from '../pipeline/run-pipeline.js';
import type { LoadedSpec } from '../spec/load-spec.js';
import { compileSpecs } from '../spec/compile-specs.js';
import { buildOperations } from '../spec/build-operations.js';
import { SpecError } from '../spec/spec-error.js';
import { Router } from '../pipeline/router.js';
import { loadFixtures } from '../fixtures/load-fixtures.js';
import { SecretDigester } from '../auth/secrets.js';
import { createRandomPool } from '../auth/random-pool.js';
import { createLogger, type Logger } from '../log/create-logger.js';
import { commerceDialect } from '../dialects/commerce/index.js';
import { socialDialect } from '../dialects/social/index.js';
import { commerceHandlers } from '../handlers/commerce/index.js';
import { socialHandlers } from '../handlers/social/index.js';

export interface RuntimeOptions {
  config: Config;
  store: Store;
  clock?: Clock;
  random?: RandomSource;
  log?: Logger;
  /** replaces or adds handlers by operationId (tests use it to break a response on purpose) */
  handlers?: Partial<Record<ApiName, Record<string, Handler>>>;
  hooks?: PipelineHooks;
}

export interface Runtime {
  apis: Record<ApiName, ApiRuntime>;
  services: Services;
  hooks: PipelineHooks;
}

const APIS: { name: ApiName; file: string; dialect: Dialect; handlers: Record<string, unknown> }[] = [
  { name: 'commerce', file: 'commerce.openapi.yaml', dialect: commerceDialect, handlers: commerceHandlers },
  { name: 'social', file: 'social.openapi.yaml', dialect: socialDialect, handlers: socialHandlers },
];

/**
 * Start-up: load both specs, compile every schema, check that each operation has a
 * handler or an example, load the fixtures against the spec schemas. Everything built
 * here is immutable; the store is the only mutable state.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { config } = options;
  const compiled = compileSpecs(APIS.map((a) => join(config.specsDir, a.file)), config.cacheDir);
  const { specs, compiler } = compiled;
  const schemaOf = (spec: LoadedSpec, name: string) => {
    if (!spec.doc.components?.schemas?.[name]) throw new SpecError(spec.file, `/components/schemas/${name}`, undefined, 'is missing (fixtures are checked against it)');
    return compiler.ref('response', `${spec.id}#/components/schemas/${name}`);
  };
  const secrets = new SecretDigester();
  const fixtures = loadFixtures(config.fixturesDir, { customer: schemaOf(specs[0], 'Customer'), socialProfile: schemaOf(specs[1], 'UserProfile') }, secrets, config.cacheDir);
  const services: Services = {
    store: options.store,
    clock: options.clock ?? { now: () => Date.now() },
    random: options.random ?? createRandomPool(),
    config,
    fixtures,
    log: options.log ?? createLogger(config.logLevel),
    secrets,
  };
  const apis = {} as Record<ApiName, ApiRuntime>;
  APIS.forEach((a, i) => {
    const operations = buildOperations(a.name, specs[i], compiler);
    const handlers = new Map<string, Handler>(Object.entries({ ...a.handlers, ...options.handlers?.[a.name] }) as [string, Handler][]);
    checkCoverage(specs[i], operations, handlers);
    apis[a.name] = { name: a.name, dialect: a.dialect, router: new Router(operations), handlers, operations };
  });
  compiled.save();
  return { apis, services, hooks: options.hooks ?? {} };
}

function checkCoverage(spec: LoadedSpec, operations: ApiRuntime['operations'], handlers: Map<string, Handler>): void {
  const ids = new Set(operations.map((o) => o.operationId));
  for (const id of handlers.keys()) {
    if (!ids.has(id)) throw new SpecError(spec.file, '/paths', id, 'a handler exists for this operationId but the spec has no such operation');
  }
  for (const op of operations) {
    if (!handlers.has(op.operationId) && !op.example) {
      throw new SpecError(spec.file, op.pointer, op.operationId, 'has no handler and no 2xx response example to serve');
    }
  }
}
