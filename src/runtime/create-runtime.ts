import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { isAbsolute, join } from 'node:path';
import type { Clock, RandomSource } from '../core/types.js';
import type { Config } from '../config.js';
import type { Identity, Store } from '../store/store.js';
import type { Handler, Services } from '../pipeline/context.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { PipelineHooks } from '../pipeline/run-pipeline.js';
import type { LoadedSpec } from '../spec/load-spec.js';
import type { ApiModule } from '../apis/api-module.js';
import { API_MODULES } from '../apis/index.js';
import { compileSpecs } from '../spec/compile-specs.js';
import { buildOperations } from '../spec/build-operations.js';
import { SpecError } from '../spec/spec-error.js';
import { Router } from '../pipeline/router.js';
import { readFixtureFile } from '../fixtures/read-fixture-file.js';
import { SecretDigester } from '../auth/secrets.js';
import { createRandomPool } from '../auth/random-pool.js';
import { createLogger, type Logger } from '../log/create-logger.js';
import { Namespaces } from './namespaces.js';
import { createFixedMemo } from '../pipeline/fixed-memo.js';
import { ReadCacheStore } from '../store/read-cache-store.js';
import { freezeConfig } from './freeze-config.js';

export interface RuntimeOptions {
  config: Config;
  store: Store;
  clock?: Clock;
  random?: RandomSource;
  log?: Logger;
  /** the APIs to serve; the registry by default */
  modules?: readonly ApiModule[];
  /** replaces or adds handlers by API and operationId (tests use it to break a response on purpose) */
  handlers?: Record<string, Record<string, Handler>>;
  hooks?: PipelineHooks;
}

export interface Runtime {
  readonly apis: readonly ApiRuntime[];
  readonly services: Services;
  readonly hooks: PipelineHooks;
  readonly namespaces: Namespaces;
  readonly modules: readonly ApiModule[];
  /** where the server is reached; the HTTP layer sets it once it listens */
  readonly address: { url: string };
}

/**
 * Start-up: load every module's spec, compile every schema, check that each operation has
 * a handler or an example, load the fixtures against the spec schemas. Everything built
 * here is immutable; the store is the only mutable state.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const config = freezeConfig(options.config);
  const modules = options.modules ?? API_MODULES;
  const inDir = (dir: string, file: string) => (isAbsolute(file) ? file : join(dir, file));
  const compiled = compileSpecs(
    modules.map((m) => inDir(config.specsDir, m.specFile)),
    config.cacheDir,
  );
  const { specs, compiler } = compiled;
  const random = options.random ?? createRandomPool();
  const clock = options.clock ?? { now: () => Date.now() };
  const { store } = options;
  const secrets = new SecretDigester(store.secretKey, random);
  // the read cache knows which bodies never change: their JSON text and checks are kept with them
  const memo = createFixedMemo(store instanceof ReadCacheStore ? (value) => store.isFixed(value) : undefined);
  const address = { url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}` };
  const apis = modules.map((module, i): ApiRuntime => {
    const spec = specs[i];
    const fixtureFile = module.fixtureFile ? inDir(config.fixturesDir, module.fixtureFile) : '';
    const parts = module.build({
      fixtures: fixtureFile ? readFixtureFile(fixtureFile, config.cacheDir) : null,
      fixtureFile,
      schema: (name) => schemaOf(spec, name, (ref) => compiler.ref('response', ref)),
      secrets,
      tokenKey: store.secretKey,
      config,
      baseUrl: () => address.url,
      json: memo.json,
    });
    const operations = buildOperations(module.name, spec, compiler);
    const handlers = Object.freeze({ ...parts.handlers, ...options.handlers?.[module.name] });
    checkCoverage(spec, operations, handlers);
    return Object.freeze({
      ...parts,
      name: module.name,
      prefix: module.prefix,
      servedAt: module.servedAt,
      router: new Router(operations),
      operations,
      handlers,
    });
  });
  compiled.save();
  const seed = apis.flatMap((a) => a.seed);
  const services: Services = Object.freeze({
    store,
    clock,
    random,
    config,
    log: options.log ?? createLogger(config.logLevel),
    secrets,
    memo,
  });
  const namespaces = new Namespaces(store.namespaces, seed, hashSeed(seed), clock, config);
  return Object.freeze({ apis, services, hooks: options.hooks ?? {}, namespaces, modules, address });
}

function schemaOf(spec: LoadedSpec, name: string, compile: (ref: string) => ValidateFunction): ValidateFunction {
  if (!spec.doc.components?.schemas?.[name])
    throw new SpecError(spec.file, `/components/schemas/${name}`, undefined, 'is missing (fixtures are checked against it)');
  return compile(`${spec.id}#/components/schemas/${name}`);
}

/** A namespace records which seed it was made from; another seed means the fixtures changed. */
function hashSeed(seed: readonly Identity[]): string {
  return createHash('sha256').update(JSON.stringify(seed)).digest('base64url').slice(0, 22);
}

function checkCoverage(spec: LoadedSpec, operations: ApiRuntime['operations'], handlers: Readonly<Record<string, Handler>>): void {
  const ids = new Set(operations.map((o) => o.operationId));
  for (const id of Object.keys(handlers)) {
    if (!ids.has(id))
      throw new SpecError(spec.file, '/paths', id, 'a handler exists for this operationId but the spec has no such operation');
  }
  for (const op of operations) {
    if (!handlers[op.operationId] && !op.example) {
      throw new SpecError(spec.file, op.pointer, op.operationId, 'has no handler and no 2xx response example to serve');
    }
  }
}
