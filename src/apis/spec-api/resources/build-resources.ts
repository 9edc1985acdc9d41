import { createHash } from 'node:crypto';
import type { Operation } from '../../../core/types.js';
import type { Handler } from '../../../pipeline/stages.js';
import type { SpecModel } from '../../../spec/spec-model.js';
import type { SampleOf } from '../../../spec/samples.js';
import type { SeedObject } from '../../../store/store.js';
import { inferCollections, type Collection } from '../../../spec/infer-collections.js';
import type { OwnershipPolicy, Visibility } from '../../../auth/owner-rule.js';
import type { ServedCollection } from '../../../pipeline/served-api.js';
import type { ResourceInput } from './resource-input.js';
import { answerShape } from './answer-shape.js';
import { collectionHandlers } from './resource-handlers.js';
import { sampleItem } from './shaped-collection.js';
import { generateObjects, MADE_FORMAT } from './generate-objects.js';
import { NO_SEED_OBJECTS, type MadeObjects, type SeedObjects } from '../../../pipeline/seed-objects.js';

/** A user spec's stored resources: each collection with its ownership, its handlers and its seed objects. */
export interface SpecResources {
  collections: readonly ServedCollection[];
  handlers: Record<string, Handler>;
  seed: SeedObjects;
  /** the banner's lines */
  describe(): string[];
}

export interface ResourceSetup {
  api: string;
  model: SpecModel;
  sample: SampleOf;
  /** the identity file's `resources` (false, or `serve --stateless`: none) */
  resources: false | Readonly<Record<string, ResourceInput>>;
}

/**
 * The spec's collections made real (src/spec/infer-collections.ts), each object its
 * creator's. A collection is private where its operations are secured and shared where
 * they are open, unless the identity file says otherwise; it starts with the objects of
 * the spec's examples (owned by no one) and the identity file's seeds.
 */
export function buildResources({ api, model, sample, resources }: ResourceSetup): SpecResources {
  if (resources === false) return { collections: [], handlers: {}, seed: NO_SEED_OBJECTS, describe: () => [] };
  const doc = model.spec.doc;
  const collections = collectionsOf(model, resources);
  const handlers: Record<string, Handler> = {};
  for (const { collection, policy } of collections)
    Object.assign(handlers, collectionHandlers({ api, mount: model.mount, doc, collection, policy, sample }));
  let digest: string | undefined; // of the whole spec, only where a collection generates objects
  const specDigest = () => (digest ??= createHash('sha256').update(JSON.stringify(doc)).digest('base64url'));
  const seeds = new Map(collections.map(({ collection: c }) => [c, seedOf(api, doc, sample, c, resources[c.name], specDigest)]));
  const all = [...seeds.values()];
  const seed: SeedObjects = { fixed: all.flatMap((s) => s.fixed), made: all.flatMap((s) => s.made ?? []) };
  return { collections, handlers, seed, describe: () => describeCollections(collections, seeds) };
}

/** The spec's collections and who may touch their objects: what the server serves and `authmock check` tests, one rule for both. */
export function collectionsOf(model: SpecModel, resources: ResourceSetup['resources']): ServedCollection[] {
  if (resources === false) return [];
  return inferCollections(model.spec.doc, model.operations, resources).map((collection) => ({
    collection,
    policy: policyOf(collection, resources[collection.name]),
  }));
}

function policyOf(c: Collection, input: ResourceInput | undefined): OwnershipPolicy {
  return {
    visibility: input?.visibility ?? defaultVisibility(c),
    others: input?.others ?? 404,
    adminScopes: input?.adminScopes ?? [],
  };
}

/**
 * Where the identity file says nothing: `shared` where no operation asks for a credential;
 * `shared-read` where the reads (the item GET, the lists) ask for none but a write does (a
 * public catalogue whose changes are its authors': a caller with no credential has no
 * subject to own anything, so a private read would be 404 for everyone); else `private`.
 */
function defaultVisibility(c: Collection): Visibility {
  const secured = (op: Operation | undefined) => !!op && op.security.length > 0;
  const reads = [c.read, ...c.lists].filter((op): op is Operation => !!op);
  if (![c.create, c.replace, c.patch, c.remove, ...reads].some(secured)) return 'shared';
  return reads.length > 0 && !reads.some(secured) ? 'shared-read' : 'private';
}

/**
 * A collection's seeds: the objects of the spec's examples (the item's, the list's) and the
 * identity file's, by id, and the generated ones as a recipe, made when a namespace is seeded.
 */
function seedOf(
  api: string,
  doc: unknown,
  sample: SampleOf,
  c: Collection,
  input: ResourceInput | undefined,
  specDigest: () => string,
): CollectionSeeds {
  const byId = new Map<string, SeedObject>();
  const parent = parentOf(c);
  const toSeed = (object: unknown, owner?: string): SeedObject | undefined => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
    const id = (object as Record<string, unknown>)[c.idProperty];
    if (id === undefined || id === null || typeof id === 'object') return undefined;
    const o = object as Record<string, unknown>;
    return { api, collection: c.name, parent: parent ?? '', id: String(id), ...(owner ? { owner } : {}), object: structuredClone(o) };
  };
  const add = (object: unknown, owner?: string) => {
    const s = toSeed(object, owner);
    if (s) byId.set(s.id, s);
  };
  // nested collections are seeded in the parent their path parameters' examples name, if they all have one
  if (parent !== undefined) {
    if (c.read?.example) add(unwrap(doc, c.read, c.read.example.body));
    for (const list of c.lists) {
      const items = list.example && itemsOf(doc, list, list.example.body);
      for (const item of items ?? []) add(item);
    }
    // no example object, but the schema's properties show examples (Petstore's pet 10, doggie): that object
    if (byId.size === 0 && c.item?.properties.get(c.idProperty)?.hasExample) add(sampleItem({ collection: c, doc, sample }));
  }
  for (const s of input?.seed ?? []) add(s.object, s.owner);
  const fixed = [...byId.values()];
  // `generate: n` (or `serve --generate n`): made objects after the seeds, in the parent the examples name
  const count = input?.generate?.count ?? sample.settings?.generate ?? 0;
  if (parent === undefined || count <= 0 || !sample.objects) return { fixed, generated: 0 };
  const after = Math.max(0, ...fixed.map((s) => Number(s.object[c.idProperty])).filter(Number.isInteger));
  const owners = input?.generate?.owners;
  const made: MadeObjects = {
    // what the objects are made from: the spec, the maker, the seed and where the ids start
    recipe: { maker: MADE_FORMAT, spec: specDigest(), api, collection: c.name, parent, count, owners, after, seed: sample.settings?.seed },
    make: () =>
      generateObjects({ api, doc, sample, collection: c, parent, count, owners, after }).flatMap((g) => toSeed(g.object, g.owner) ?? []),
  };
  return { fixed, made, generated: count };
}

interface CollectionSeeds {
  fixed: SeedObject[];
  made?: MadeObjects;
  /** how many objects `made` makes */
  generated: number;
}

function parentOf(c: Collection): string | undefined {
  const op = c.read ?? c.create ?? c.lists[0];
  const values = c.parentParams.map((name) => op?.params.find((p) => p.in === 'path' && p.name === name)?.example);
  return values.every((v) => v !== undefined && v !== null) ? values.map(String).join('/') : undefined;
}

function unwrap(doc: unknown, op: Operation, body: unknown): unknown {
  const { envelope } = answerShape(doc, op);
  return envelope !== undefined && body && typeof body === 'object' ? (body as Record<string, unknown>)[envelope] : body;
}

function itemsOf(doc: unknown, op: Operation, body: unknown): unknown[] | undefined {
  const shape = answerShape(doc, op);
  if (Array.isArray(body)) return body;
  const inner =
    shape.arrayProperty && body && typeof body === 'object' ? (body as Record<string, unknown>)[shape.arrayProperty] : undefined;
  return Array.isArray(inner) ? inner : undefined;
}

function describeCollections(collections: SpecResources['collections'], seeds: ReadonlyMap<Collection, CollectionSeeds>): string[] {
  if (collections.length === 0) return [];
  const parts = collections.map(({ collection: c, policy }) => {
    const own = seeds.get(c);
    const count = (own?.fixed.length ?? 0) + (own?.generated ?? 0);
    const where = c.path ?? 'bound in the identity file';
    return `${c.name} (${where}, ${policy.visibility}${count ? `, ${count} seeded` : ''})`;
  });
  return [`stored resources: ${parts.join(', ')}`];
}
