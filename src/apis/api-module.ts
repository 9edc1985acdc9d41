import type { ValidateFunction } from 'ajv';
import type { ApiParts } from '../pipeline/served-api.js';
import type { SpecModel } from '../spec/spec-model.js';
import type { OperationOverlay } from '../spec/build-operations.js';
import type { SchemeOverlay } from '../spec/security-model.js';
import type { SampleOf } from '../spec/samples.js';
import type { SecretDigester } from '../auth/secrets.js';
import type { Config } from '../config.js';

/** What an API module is given at start-up to build its parts. */
export interface ModuleSetup {
  /** its spec, parsed and compiled */
  model: SpecModel;
  /** the parsed fixture file of the module (null when it has none) */
  fixtures: unknown;
  /** the fixture file's path, for error messages */
  fixtureFile: string;
  /** the strict validator of `#/components/schemas/<name>` of the module's spec */
  schema(name: string): ValidateFunction;
  secrets: SecretDigester;
  /** the state's secret key, for keyed token ids and derived defaults (kept with the state, so they survive a restart) */
  stateKey: Buffer;
  config: Readonly<Config>;
  /** where the server is reached (`http://127.0.0.1:4010`), known once it listens */
  baseUrl(): string;
  /** bodies made from the spec's schemas */
  sample: SampleOf;
}

/**
 * One API, as a unit: a spec and what is truly its own. The built-in APIs bring their
 * error formats, order of checks and login semantics; a user's spec is turned into a
 * module by one generic builder (src/apis/spec-api). The server, the banner, the control
 * API and the checker read modules, never an API's name.
 */
export interface ApiModule {
  readonly name: string;
  /** the spec: a file name inside the specs directory, or an absolute path */
  readonly specFile: string;
  /** the kinds of token it issues, each with its own lifetime setting (`--<type>-token-lifetime`) */
  readonly userTypes: readonly string[];
  /** the seed identities: a file name inside the fixtures directory, or an absolute path */
  readonly fixtureFile?: string;
  /** how the banner shows where it is served (`/rest/V1/...`); default: its claims */
  readonly servedAt?: string;
  /** path prefixes whose requests are this API's, its own 404s included; default: where its spec is mounted */
  readonly claims?: readonly string[];
  /** other files it was made from, that --watch follows (a user spec's identity file) */
  readonly sources?: readonly string[];
  /** scopes and owner rules added to its operations, by operationId (a user spec's identity file) */
  readonly overlay?: Readonly<Record<string, OperationOverlay>>;
  /** what it says of the spec's schemes: API key prefixes, parameters that carry a credential (a user spec's identity file) */
  readonly schemeOverlay?: SchemeOverlay;
  /** builds the API's parts for one runtime; nothing built here is shared between runtimes */
  build(setup: ModuleSetup): ApiParts;
}
