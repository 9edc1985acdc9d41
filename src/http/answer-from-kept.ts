import type { IncomingMessage } from 'node:http';
import type { ServedApi } from '../pipeline/served-api.js';
import type { NamespaceView } from '../pipeline/stages.js';
import type { Runtime } from '../pipeline/runtime.js';
import type { RequestEnv } from '../pipeline/run-request.js';
import { Directories } from '../pipeline/directories.js';
import { ReadOnlyStore } from '../store/read-only-store.js';

/** Reads that wrote remembered at most (by API, method and path); past it, the memory starts again. */
const WRITERS_REMEMBERED = 1024;

/** A namespace as this process last read it, for one request. */
export interface Kept {
  view: NamespaceView;
  /** what the journal compares with the namespace's record when it keeps the entry */
  snapshot: string;
  env: RequestEnv;
  /** whether the request tried to write (it is then answered again with the store itself) */
  wrote(): boolean;
}

/**
 * Reads answered from the namespace as this process last read it, on a store others write
 * too (Redis), with a journal that checks the namespace when it keeps the entry. A request
 * otherwise reads its namespace's record first (one round trip) to learn whether what this
 * process keeps still holds; a GET whose journal entry goes to Redis anyway need not: the
 * step that keeps its entry compares the record with the one it was answered under, and
 * keeps nothing when they differ, and the request is answered again from a fresh read
 * (src/http/serve-api.ts). A revocation, a clock move or a rule set on another instance
 * therefore still holds here from the next request. Such a request runs against a read-only
 * view of the store: one that tries to write (an OAuth 1.0a nonce, say) is answered again
 * with the store itself, and its API, method and path are not tried this way again.
 */
export class KeptState {
  private readonly store: ReadOnlyStore;
  private readonly env: RequestEnv;
  private readonly writers = new Set<string>();

  constructor(
    private readonly runtime: Runtime,
    env: RequestEnv,
  ) {
    this.store = new ReadOnlyStore(env.services.store);
    const services = { ...env.services, store: this.store };
    this.env = { ...env, services, directories: new Directories(services) };
  }

  /** The kept namespace for this request, or undefined when it must read the namespace first. */
  peek(req: IncomingMessage, api: ServedApi, ns: string, path: string): Kept | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || api.writesOnRead || req.headers.prefer !== undefined) return undefined;
    // an OAuth 1.0a request writes its nonce
    if (/^oauth\s/i.test(req.headers.authorization ?? '')) return undefined;
    if (this.writers.size > 0 && this.writers.has(writerKey(api, req.method, path))) return undefined;
    const last = this.runtime.namespaces.peek(ns);
    if (!last) return undefined;
    const refused = this.store.refused;
    const store = this.store;
    return {
      view: last.view,
      snapshot: last.snapshot,
      env: this.env,
      wrote: () => {
        if (store.refused === refused) return false;
        if (this.writers.size >= WRITERS_REMEMBERED) this.writers.clear();
        this.writers.add(writerKey(api, req.method!, path));
        return true;
      },
    };
  }
}

const writerKey = (api: ServedApi, method: string, path: string) => `${api.name}\0${method}\0${path}`;
