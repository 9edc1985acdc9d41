import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { isAbsolute, join } from 'node:path';
import type { Clock, RandomSource } from '../core/types.js';
import type { Config } from '../config.js';
import type { Identity, Store } from '../store/store.js';
import { joinSeedObjects, seedObjectList, seedObjectsKey, type SeedObjects } from '../pipeline/seed-objects.js';
import { createJsonFileCache } from '../spec/json-file-cache.js';
import type { Handler, Services } from '../pipeline/stages.js';
import type { ServedApi } from '../pipeline/served-api.js';
import { type PipelineHooks, createFixedMemo } from '../pipeline/run-request.js';
import type { ReloadState, Runtime } from '../pipeline/runtime.js';
import type { ApiModule } from '../apis/api-module.js';
import type { LoadedSpec } from '../spec/load-spec.js';
import { compileSpecs, type CompiledSpecs } from '../spec/compile-specs.js';
import { buildSpecModel, type SpecModel } from '../spec/spec-model.js';
import { createSampler } from '../spec/samples.js';
import { SpecError } from '../spec/spec-error.js';
import { Router } from '../pipeline/router.js';
import { readFixtureFile } from '../fixtures/read-fixture-file.js';
import { SecretDigester, createRandomPool } from '../auth/secrets.js';
import { createKeyRing } from '../auth/oauth2/key-ring.js';
import { createLogger, type Logger } from '../log/create-logger.js';
import { Namespaces } from '../pipeline/namespaces.js';
import { Directories } from '../pipeline/directories.js';
import { ReadCacheStore } from '../store/read-cache-store.js';
import { freezeConfig } from './freeze-config.js';
import { selectModules } from './select-modules.js';
import { API_MODULES } from '../apis/index.js';
import { checkCollisions } from './check-collisions.js';
import { claimsOf } from './claims-of.js';
import { createOAuthServer } from '../apis/oauth-server/index.js';

export interface RuntimeOptions {
  config: Config;
  store: Store;
  clock?: Clock;
  random?: RandomSource;
  log?: Logger;
  /** the APIs to serve; by default those `config.specs` names, else the built-ins */
  modules?: readonly ApiModule[];
  /** replaces or adds handlers by API and operationId (tests use it to break a response on purpose) */
  handlers?: Record<string, Record<string, Handler>>;
  hooks?: PipelineHooks;
  /** the specs, loaded and compiled already (start-up does so before it opens the state) */
  compiled?: CompiledSpecs;
  /** with --watch: the reload errors every runtime of this server shares */
  reloads?: ReloadState;
}

export type { Runtime } from '../pipeline/runtime.js';

/**
 * Start-up: load every module's spec (bundled, upgraded to 3.1), compile every schema and
 * build each spec's model once, check that each operation has a handler or something to
 * answer with and that no two APIs claim the same operation, load the fixtures against the
 * spec schemas. Everything built here is immutable; the store is the only mutable state.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const config = freezeConfig(options.config);
  const modules = options.modules ?? selectModules(config);
  const compiled = options.compiled ?? (await compileModuleSpecs(config, modules));
  const { specs, compiler } = compiled;
  const random = options.random ?? createRandomPool();
  const clock = options.clock ?? { now: Date.now };
  const { store } = options;
  const secrets = new SecretDigester(store.secretKey, random);
  // the read cache knows which bodies never change: their JSON text and checks are kept with them
  const memo = createFixedMemo(store instanceof ReadCacheStore ? (value) => store.isFixed(value) : undefined);
  const sample = createSampler(
    specs.map((s, i) => ({ ...s, name: modules[i].name })),
    { seed: config.seed, examplesOnly: config.examplesOnly, generate: config.generate, check: (ref) => compiler.ref('response', ref) },
  );
  const address = { url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}` };
  const log = options.log ?? createLogger(config.logLevel);
  const warnings: string[] = [];
  const apis = modules.map((module, i): ServedApi => {
    const spec = specs[i];
    const model = buildSpecModel(spec, compiler, {
      name: module.name,
      overlay: module.overlay,
      schemeOverlay: module.schemeOverlay,
      lenient: !API_MODULES.includes(module),
      warnLater: (m) => log.warn({ api: module.name }, m),
    });
    warnings.push(...model.warnings.map((w) => `${module.name}: ${w}`));
    const fixtureFile = module.fixtureFile ? inDir(config.fixturesDir, module.fixtureFile) : '';
    const parts = module.build({
      model,
      fixtures: fixtureFile ? readFixtureFile(fixtureFile, config.cacheDir) : null,
      fixtureFile,
      schema: (name) => schemaOf(spec, name, (ref) => compiler.ref('response', ref)),
      secrets,
      stateKey: options.store.secretKey,
      config,
      baseUrl: () => address.url,
      sample,
    });
    const handlers = Object.freeze({ ...parts.handlers, ...options.handlers?.[module.name] });
    checkCoverage(model, handlers);
    const claims = module.claims ?? claimsOf(model);
    return Object.freeze({
      ...parts,
      handlers,
      name: module.name,
      builtIn: API_MODULES.includes(module),
      userTypes: module.userTypes,
      model,
      claims,
      servedAt: module.servedAt ?? claims.map((c) => (c === '/' ? '/' : `${c}/...`)).join(', '),
      router: new Router(model.operations.filter((o) => !parts.unserved?.has(o.operationId))),
      sample,
    });
  });
  checkCollisions(apis);
  compiled.save();
  // the authorization server of the specs that name one: its paths are its own, over any a spec claims
  const server = createOAuthServer({ apis, secrets, baseUrl: () => address.url, warn: (w) => warnings.push(w) });
  const served = server ? Object.freeze([...apis, server]) : apis;
  const seed = apis.flatMap((a) => a.seed);
  const objects = joinSeedObjects(apis.map((a) => a.seedObjects));
  const services: Services = Object.freeze({ store, clock, random, config, log, secrets, keyRing: createKeyRing(store.oauth) });
  const generated = {
    kinds: apis.flatMap((a) => Object.values(a.identityKinds ?? {}).map((k) => ({ api: a.name, kind: k.kind }))),
    store: store.identities,
  };
  const namespaces = new Namespaces(
    store.namespaces,
    seed,
    // generated objects are kept beside the compiled specs: a state in memory is seeded on every start
    seedObjectList(objects, config.cacheDir ? createJsonFileCache(join(config.cacheDir, 'made')) : undefined),
    hashSeed(seed, objects),
    clock,
    config,
    generated,
  );
  return Object.freeze({
    apis: served,
    services,
    hooks: options.hooks ?? {},
    memo,
    namespaces,
    directories: new Directories(services),
    address,
    warnings,
    reloads: options.reloads,
  });
}

const inDir = (dir: string, file: string) => (isAbsolute(file) ? file : join(dir, file));

/** Loads (bundled, upgraded to 3.1) and compiles the modules' specs: a broken spec fails here, naming the file. */
export function compileModuleSpecs(config: Config, modules: readonly ApiModule[]): Promise<CompiledSpecs> {
  return compileSpecs(
    modules.map((m) => inDir(config.specsDir, m.specFile)),
    config.cacheDir,
    config.refRoots,
  );
}

function schemaOf(spec: LoadedSpec, name: string, compile: (ref: string) => ValidateFunction): ValidateFunction {
  if (!spec.doc.components?.schemas?.[name])
    throw new SpecError(spec.file, `/components/schemas/${name}`, undefined, 'is missing (fixtures are checked against it)');
  return compile(`${spec.id}#/components/schemas/${name}`);
}

/** A namespace records which seed it was made from; another seed means the fixtures changed. */
function hashSeed(seed: readonly Identity[], objects: SeedObjects): string {
  // without seed objects, the hash an older authmock wrote: its namespaces are not reseeded for nothing
  const key = seedObjectsKey(objects);
  const text = key.length === 0 ? JSON.stringify(seed) : JSON.stringify([seed, ...key]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** Every handler names an operation of the spec. (An operation without one answers from the spec.) */
function checkCoverage(model: SpecModel, handlers: Readonly<Record<string, Handler>>): void {
  const ids = new Set(model.operations.map((o) => o.operationId));
  for (const id of Object.keys(handlers)) {
    if (!ids.has(id))
      throw new SpecError(model.spec.file, '/paths', id, 'a handler exists for this operationId but the spec has no such operation');
  }
}
