import type { Clock } from '../core/types.js';
import type { Identity, IdentityStore, NamespaceRecord, NamespaceSettings, NamespaceStore, SeedObject, Seeding } from '../store/store.js';
import type { Config } from '../config.js';
import type { EffectiveSettings, NamespaceView } from './stages.js';

export const DEFAULT_NAMESPACE = 'default';

/** A new namespace past `--max-namespaces`. */
export class NamespaceLimitError extends Error {
  override name = 'NamespaceLimitError';
}

/**
 * Where identities generated for a spec without an identity file may be (each API's kinds),
 * and how to find and remove them: when a file takes over, the generated ones go (a `demo`
 * user must not outlive the file that replaced it), while identities created at run time stay.
 */
export interface GeneratedIdentities {
  kinds: readonly { api: string; kind: string }[];
  store: Pick<IdentityStore, 'list' | 'delete'>;
}

/** The mark a generated identity carries in its data. */
export const GENERATED = 'generated';

/**
 * Namespaces as a request meets them: made from the fixtures on first use, and brought
 * up to date when the fixtures changed since (identities created at run time are kept).
 * Everything is read from the store on each request, so several servers on one store
 * see one another's clock moves and settings at once.
 */
export class Namespaces {
  /** a view per record read: the read cache hands out the same record while nothing changed it, so a request makes no view */
  private readonly views = new WeakMap<NamespaceRecord, NamespaceView>();

  constructor(
    private readonly store: NamespaceStore,
    private readonly seed: readonly Identity[],
    /** the collections' seed objects, generated ones made on the first call (src/pipeline/seed-objects.ts) */
    private readonly objects: () => readonly SeedObject[],
    private readonly seedHash: string,
    private readonly clock: Clock,
    private readonly config: Readonly<Config>,
    private readonly generated?: GeneratedIdentities,
  ) {}

  /** The namespace's record, created from the fixtures when it does not exist yet. */
  async ensure(name: string): Promise<NamespaceRecord> {
    return this.ensureFrom(name, await this.store.get(name));
  }

  private async ensureFrom(name: string, found: NamespaceRecord | undefined): Promise<NamespaceRecord> {
    if (!found) {
      const count = (await this.store.list()).length;
      if (count >= this.config.maxNamespaces) {
        throw new NamespaceLimitError(
          `${count} namespaces exist, the most this server keeps (--max-namespaces); delete some (DELETE /__authmock/namespaces/<name>)`,
        );
      }
      return this.store.create({ ...this.seeding(name), now: this.clock.now() });
    }
    if (found.seedHash !== this.seedHash) {
      await this.dropGenerated(name);
      await this.store.reseed(this.seeding(name));
    }
    return found;
  }

  /** The generated identities the new seed does not hold (an identity file replaced the defaults). */
  private async dropGenerated(ns: string): Promise<void> {
    if (!this.generated) return;
    const seeded = new Set(this.seed.map((i) => `${i.api}\u0000${i.kind}\u0000${i.id}`));
    for (const { api, kind } of this.generated.kinds) {
      for (const identity of await this.generated.store.list({ ns, api, kind })) {
        if (identity.data[GENERATED] !== true || seeded.has(`${api}\u0000${kind}\u0000${identity.id}`)) continue;
        await this.generated.store.delete({ ns, api, kind, id: identity.id });
      }
    }
  }

  async open(name: string): Promise<NamespaceView> {
    const found = await this.store.get(name);
    // the common case, a namespace up to date, waits for nothing more
    return this.view(found && found.seedHash === this.seedHash ? found : await this.ensureFrom(name, found));
  }

  /**
   * The namespace as this process last read it, without a read (a store others write too:
   * NamespaceStore.peek), with the snapshot that says it is still so; undefined when there
   * is none or it needs bringing up to date.
   */
  peek(name: string): { view: NamespaceView; snapshot: string } | undefined {
    const last = this.store.peek?.(name);
    if (!last || last.record.seedHash !== this.seedHash) return undefined;
    return { view: this.view(last.record), snapshot: last.snapshot };
  }

  view(record: NamespaceRecord): NamespaceView {
    let view = this.views.get(record);
    if (view) return view;
    const offset = record.clockOffsetMs;
    const clock = this.clock;
    view = {
      name: record.name,
      now: offset === 0 ? () => clock.now() : () => clock.now() + offset,
      settings: effectiveSettings(this.config, record.settings),
      version: record.version,
    };
    this.views.set(record, view);
    return view;
  }

  /** Back to the fixtures: identities, tokens, lockouts, clock and settings. */
  reset(name: string): Promise<NamespaceRecord> {
    return this.store.reset({ ...this.seeding(name), now: this.clock.now() });
  }

  private seeding(ns: string): Seeding {
    return { ns, seed: this.seed, objects: this.objects(), seedHash: this.seedHash };
  }
}

export function effectiveSettings(config: Readonly<Config>, own: NamespaceSettings): EffectiveSettings {
  const lifetimes: Record<string, number | undefined> = { ...config.tokenLifetimes };
  for (const [type, seconds] of Object.entries(own.tokenLifetimes ?? {})) lifetimes[type] = seconds ?? undefined;
  return {
    lockout: {
      maxFailures: own.lockoutFailures ?? config.lockout.maxFailures,
      seconds: own.lockoutSeconds ?? config.lockout.seconds,
    },
    tokenLifetimes: lifetimes,
    oauth: own.oauth ?? {},
  };
}
