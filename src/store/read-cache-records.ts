import type { ListQuery, RecordStore } from './store.js';
import type { ReadCache } from './read-cache.js';

const hasKeys = (o: object) => {
  for (const _ in o) return true;
  return false;
};

/** The longest list answer kept. */
const KEPT_LIST_ITEMS = 100;

/**
 * A collection's objects and lists, kept until the namespace's next write to any collection:
 * a frontend reads (polls its lists, opens an item) far more often than it writes, and on
 * SQLite a list is several statements. Not for a `shared` store: another process's write to
 * a collection moves no namespace version (store.ts), so nothing here would learn of it.
 */
export function cacheRecords(inner: RecordStore, cache: ReadCache, shared: boolean): RecordStore {
  if (shared) return inner;
  const where = (ref: { api: string; collection: string; parent: string }) => `${ref.api}\u0000${ref.collection}\u0000${ref.parent}`;
  const queryKey = (q: ListQuery) =>
    `${q.visibleTo === undefined ? '\u0001' : q.visibleTo}\u0000${q.offset ?? ''}\u0000${q.limit ?? ''}\u0000${q.where && hasKeys(q.where) ? JSON.stringify(q.where) : ''}\u0000${q.assumed && hasKeys(q.assumed) ? JSON.stringify(q.assumed) : ''}`;
  const writing = <R>(ns: string, write: () => Promise<R>) => cache.writing(() => cache.dropRecords(ns), write);
  return {
    create: (args) => writing(args.ns, () => inner.create(args)),
    get: (args) => cache.readThrough(args.ns, 'objects', `${where(args)}\u0000${args.id}`, 'both', () => inner.get(args)),
    async list(args) {
      // a long answer (a list without paging of a large collection) is not kept: the cache stays small
      let long: Awaited<ReturnType<RecordStore['list']>> | undefined;
      const kept = await cache.readThrough(args.ns, 'lists', `${where(args)}\u0000${queryKey(args)}`, 'found', async () => {
        const found = await inner.list(args);
        if (found.items.length <= KEPT_LIST_ITEMS) return found;
        long = found;
        return undefined;
      });
      return kept ?? long!;
    },
    replace: (args) => writing(args.ns, () => inner.replace(args)),
    delete: (args) => writing(args.ns, () => inner.delete(args)),
    // reserves a number; no object changes
    nextInteger: (args) => inner.nextInteger(args),
    clear: (args) => writing(args.ns, () => inner.clear(args)),
    parents: (args) => inner.parents(args),
    counts: (args) => inner.counts(args),
  };
}
