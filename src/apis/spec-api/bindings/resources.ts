import type { ResourceInput } from '../resources/resource-input.js';
import type { Visibility } from '../../../auth/owner-rule.js';
import type { Reader } from '../identity-reader.js';
import { buildResources } from '../resources/build-resources.js';
import type { BindingKind } from './binding-kind.js';

export type { ResourceInput } from '../resources/resource-input.js';

/** false: every operation answers from the spec's examples (no stored resources; also `serve --stateless`) */
export type ResourcesConfig = false | Record<string, ResourceInput>;

/**
 * The spec's collections made real (src/apis/spec-api/resources/): inferred from its
 * paths with no configuration, and what the identity file's `resources` adds or changes.
 */
export const RESOURCES: BindingKind<ResourcesConfig> = {
  at: 'resources',
  read: readResources,
  build(config, { api, model, sample }) {
    const built = buildResources({ api, model, sample, resources: config });
    return { handlers: built.handlers, seedObjects: built.seed, collections: built.collections, describe: built.describe };
  },
};

const VISIBILITIES: readonly Visibility[] = ['private', 'shared-read', 'shared'];

function readResources(at: Reader, raw: unknown): ResourcesConfig {
  if (raw === undefined) return {};
  if (raw === false) return false;
  const out: Record<string, ResourceInput> = {};
  for (const [name, node] of Object.entries(at.object(raw, 'resources'))) {
    const where = `resources.${name}`;
    const r = at.object(node, where, ['operations', 'id', 'visibility', 'others', 'adminScopes', 'seed', 'generate']);
    const ops =
      r.operations === undefined
        ? undefined
        : at.object(r.operations, `${where}.operations`, ['create', 'read', 'update', 'delete', 'list']);
    const opId = (key: string) => (ops?.[key] === undefined ? {} : { [key]: at.string(ops[key], `${where}.operations.${key}`) });
    const list =
      ops?.list === undefined ? undefined : typeof ops.list === 'string' ? [ops.list] : at.strings(ops.list, `${where}.operations.list`);
    out[name] = {
      ...(ops
        ? { operations: { ...opId('create'), ...opId('read'), ...opId('update'), ...opId('delete'), ...(list ? { list } : {}) } }
        : {}),
      ...(r.id !== undefined ? { id: at.string(r.id, `${where}.id`) } : {}),
      ...(r.visibility !== undefined ? { visibility: at.oneOf(r.visibility, `${where}.visibility`, VISIBILITIES) } : {}),
      ...(r.others !== undefined ? { others: at.oneOf(r.others, `${where}.others`, [404, 403] as const) } : {}),
      ...(r.adminScopes !== undefined ? { adminScopes: at.strings(r.adminScopes, `${where}.adminScopes`) } : {}),
      ...(r.generate !== undefined ? { generate: readGenerate(at, r.generate, `${where}.generate`) } : {}),
      seed: at.list(r.seed, `${where}.seed`).map((s, i) => {
        const e = at.object(s, `${where}.seed[${i}]`, ['owner', 'object']);
        return {
          ...(e.owner !== undefined ? { owner: at.string(e.owner, `${where}.seed[${i}].owner`) } : {}),
          object: at.object(e.object, `${where}.seed[${i}].object`),
        };
      }),
    };
  }
  return out;
}

/** `generate: 25`, or `generate: { count: 25, owners: [alice, bob] }`. */
function readGenerate(at: Reader, raw: unknown, where: string): { count: number; owners?: string[] } {
  const count = (value: unknown, path: string) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000)
      at.fail(path, 'must be a whole number from 0 to 10000');
    return value;
  };
  if (typeof raw === 'number') return { count: count(raw, where) };
  const g = at.object(raw, where, ['count', 'owners']);
  return {
    count: count(g.count, `${where}.count`),
    ...(g.owners !== undefined ? { owners: at.strings(g.owners, `${where}.owners`) } : {}),
  };
}
