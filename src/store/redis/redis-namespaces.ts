import { randomBytes } from 'node:crypto';
import type { NamespaceRecord, NamespaceStore, Seeding } from '../store.js';
import type { RedisContext } from './redis-context.js';
import { fixedKeysOf, NAMESPACES } from './redis-keys.js';
import { RECORD_FIELDS, seedArgs, seedObjectArgs, toNamespace } from './redis-records.js';

/** Namespaces whose last record is remembered at most; past it, the memo starts again. */
const RECORDS_REMEMBERED = 10_000;

/**
 * The Redis store's namespaces: creating, resetting, reseeding and dropping are one script
 * each. A namespace's record is read on every request (its version says what of it this
 * process may keep); while the hash is unchanged the same record object is answered, so
 * what is built per record (the request's namespace view, the APIs' directories) is not
 * built again on every request.
 */
export function createRedisNamespaces({ client, send, script, guard, keys }: RedisContext): NamespaceStore {
  const last = new Map<string, { raw: string; record: NamespaceRecord | undefined }>();
  const seed = (mode: 'create' | 'reset' | 'reseed', { ns, seed: identities, objects = [], seedHash }: Seeding, now: number) => {
    const k = keys(ns);
    const all = [...fixedKeysOf(k), NAMESPACES];
    // a new epoch each time: a namespace made again under an old name is not the old one
    const epoch = randomBytes(9).toString('base64url');
    const args = [mode, ns, now, seedHash, epoch, ...seedArgs(identities), ...seedObjectArgs(k, objects)];
    return guard(() => script('seedNamespace', all, args)) as Promise<string[] | null>;
  };
  const get = async (ns: string) => {
    const values = (await guard(() => send('hmget', [keys(ns).record, ...RECORD_FIELDS]))) as (string | null)[];
    const raw = values.join('\0');
    const known = last.get(ns);
    if (known?.raw === raw) return known.record;
    const record =
      values[0] === null
        ? undefined
        : toNamespace(
            ns,
            RECORD_FIELDS.flatMap((f, i) => (values[i] === null ? [] : [f, values[i]!])),
          );
    if (last.size >= RECORDS_REMEMBERED) last.clear();
    last.set(ns, { raw, record });
    return record;
  };
  return {
    get,
    peek(ns) {
      const known = last.get(ns);
      return known?.record && { record: known.record, snapshot: known.raw };
    },
    async create(args) {
      return toNamespace(args.ns, await seed('create', args, args.now))!;
    },
    async reset(args) {
      return toNamespace(args.ns, await seed('reset', args, args.now))!;
    },
    async reseed(args) {
      await seed('reseed', args, 0);
    },
    async update({ ns, clockOffsetMs, settings }) {
      const offset = clockOffsetMs === undefined ? '' : String(clockOffsetMs);
      const json = settings === undefined ? '' : JSON.stringify(settings);
      return toNamespace(ns, (await guard(() => script('updateNamespace', [keys(ns).record], [offset, json]))) as string[] | null);
    },
    async delete(ns) {
      const all = [...fixedKeysOf(keys(ns)), NAMESPACES];
      return (await guard(() => script('dropNamespace', all, [ns]))) === 1;
    },
    async list() {
      const names = (await guard(() => client.smembers(NAMESPACES))).sort();
      const records = await Promise.all(names.map(get));
      return records.filter((r): r is NamespaceRecord => r !== undefined);
    },
  };
}
