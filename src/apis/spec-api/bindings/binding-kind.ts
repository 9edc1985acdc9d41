import type { Handler } from '../../../pipeline/stages.js';
import type { ServedCollection } from '../../../pipeline/served-api.js';
import type { SpecModel } from '../../../spec/spec-model.js';
import type { SampleOf } from '../../../spec/samples.js';
import type { SeedObjects } from '../../../pipeline/seed-objects.js';
import type { Reader } from '../identity-reader.js';

/** What a binding is built from besides its configuration: the spec it serves. */
export interface BindingSetup {
  api: string;
  model: SpecModel;
  sample: SampleOf;
}

/** What a binding adds to the API: handlers by operationId, and what a stateful one starts with and shows. */
export interface BindingParts {
  handlers: Record<string, Handler>;
  /** the objects its collections start with in a new or reset namespace */
  seedObjects?: SeedObjects;
  /** the collections it serves, each with its owner rule: the control API lists them, `authmock check` tests them */
  collections?: readonly ServedCollection[];
  /** lines for the start banner */
  describe?(): string[];
}

/**
 * One kind of behaviour an identity file gives a spec's operations (a login, a logout,
 * stored resources): it reads its part of the file and makes its handlers. A new kind is
 * one file in this folder and one entry in index.ts.
 */
export interface BindingKind<C> {
  /** where it is in the identity file, for messages (`bindings.login`, `resources`) */
  readonly at: string;
  read(at: Reader, raw: unknown): C;
  build(config: C, setup: BindingSetup): BindingParts;
}
