import type { ApiParts, ModuleSetup } from '../pipeline/api-runtime.js';
import type { ApiProfile } from '../check/api-profile.js';

/**
 * One API, as a unit: everything that is that API's. The server, the CLI banner, the
 * checker and the tests read modules from the registry (./index.ts), never an API's name.
 */
export interface ApiModule {
  readonly name: string;
  /** the spec: a file name inside the specs directory, or an absolute path */
  readonly specFile: string;
  /** the seed identities: a file name inside the fixtures directory, or an absolute path */
  readonly fixtureFile?: string;
  /** the URL prefix the API is served under (`/rest`); requests under it are this API's */
  readonly prefix: string;
  /** how the start banner shows where operations are (`/rest/V1/...`) */
  readonly servedAt: string;
  /** the kinds of token this API issues, each with its own lifetime setting */
  readonly userTypes: readonly string[];
  /** what the contract checker needs beyond the spec */
  readonly checker: ApiProfile;
  /** builds the API's parts for one runtime; nothing built here is shared between runtimes */
  build(setup: ModuleSetup): ApiParts;
}
