import type { SeedObject } from '../store/store.js';

/**
 * The objects a new or reset namespace's collections start with: those written down (the
 * spec's examples, the identity file's seeds) and those generated (`generate`, `serve
 * --generate`). Generated ones cost time to make (Stripe's 90 collections of 20: about two
 * seconds), and a start on a state seeded before needs none of them, so they are made by the
 * first namespace that is seeded and kept; until then their recipe stands for them.
 */
export interface SeedObjects {
  readonly fixed: readonly SeedObject[];
  readonly made: readonly MadeObjects[];
}

/** Generated objects not made yet: `recipe` (JSON) is equal exactly when `make` would make the same objects. */
export interface MadeObjects {
  readonly recipe: unknown;
  make(): readonly SeedObject[];
}

export const NO_SEED_OBJECTS: SeedObjects = Object.freeze({ fixed: [], made: [] });

export function joinSeedObjects(parts: readonly (SeedObjects | undefined)[]): SeedObjects {
  return { fixed: parts.flatMap((p) => p?.fixed ?? []), made: parts.flatMap((p) => p?.made ?? []) };
}

/** Where generated objects are kept across starts, by their recipes (a state in memory seeds every start). */
export interface MadeObjectsCache {
  read(key: string): unknown;
  write(key: string, value: unknown): void;
}

/** Every object, the generated ones made (or read from `cache`, by their recipes) on the first call. */
export function seedObjectList(objects: SeedObjects, cache?: MadeObjectsCache): () => readonly SeedObject[] {
  if (objects.made.length === 0) return () => objects.fixed;
  let all: readonly SeedObject[] | undefined;
  const made = (): readonly SeedObject[] => {
    const key = JSON.stringify(objects.made.map((m) => m.recipe));
    const kept = cache?.read(key);
    if (Array.isArray(kept)) return kept as SeedObject[];
    const fresh = objects.made.flatMap((m) => m.make());
    cache?.write(key, fresh);
    return fresh;
  };
  return () => (all ??= [...objects.fixed, ...made()]);
}

/** What a namespace's seed hash covers of its objects: the objects written down, the recipes of the rest. */
export function seedObjectsKey(objects: SeedObjects): unknown[] {
  if (objects.fixed.length === 0 && objects.made.length === 0) return [];
  // without generated objects, the key an older authmock hashed: its namespaces are not reseeded for nothing
  return objects.made.length === 0 ? [objects.fixed] : [objects.fixed, objects.made.map((m) => m.recipe)];
}
