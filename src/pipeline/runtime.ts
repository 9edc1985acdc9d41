import type { ServedApi } from './served-api.js';
import type { Services } from './stages.js';
import type { PipelineHooks, FixedMemo } from './run-request.js';
import type { Namespaces } from './namespaces.js';
import type { Directories } from './directories.js';

/**
 * Everything one server serves with, built once at start-up (src/runtime/create-runtime.ts)
 * and immutable after: the APIs, the services, the namespaces over the one Store.
 */
export interface Runtime {
  readonly apis: readonly ServedApi[];
  readonly services: Services;
  readonly hooks: PipelineHooks;
  /** answer bodies that never change: what is computed of them is kept with them */
  readonly memo: FixedMemo;
  readonly namespaces: Namespaces;
  /** each API's directory per namespace view */
  readonly directories: Directories;
  /** where the server is reached; the HTTP layer sets it once it listens */
  readonly address: { url: string };
  /** what the start-up banner should say about the specs (unsupported schemes, auth findings) */
  readonly warnings: readonly string[];
  /** with --watch: why the last edit of a spec was not served, by API name (shared by every reload) */
  readonly reloads?: ReloadState;
}

/** What --watch knows across reloads: the last error of each API whose edit could not be served. */
export interface ReloadState {
  readonly errors: Map<string, string>;
}
