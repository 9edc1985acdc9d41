import type { Operation } from '../core/types.js';
import { followRefs, readObjectSchema, type ObjectSchema, type PropertyInfo } from './object-schema.js';
import { resolvePointer } from './json-pointer.js';

/** What an identity file says of one collection: operations bound by id, and the id property. */
export interface CollectionBinding {
  operations?: { create?: string; read?: string; update?: string; delete?: string; list?: readonly string[] };
  id?: string;
}

/** A collection of a spec: the operations that create, read, list, change and delete its objects. */
export interface Collection {
  /** the collection path's last literal segment (`/users/{userId}/orders` → `orders`) */
  name: string;
  /** the collection's path (`/users/{userId}/orders`), when it was inferred from one */
  path?: string;
  /** the path parameters that name the parent, in order: each parent keeps a collection of its own */
  parentParams: readonly string[];
  /** the item path's parameter (`/pets/{petId}` → `petId`) */
  itemParam?: string;
  /** the property that holds an object's id */
  idProperty: string;
  /** how a missing id is made: one above the largest integer, a UUID, or a random URL-safe string */
  idKind: 'integer' | 'uuid' | 'ipv4' | 'ipv6' | 'string';
  /** the item's schema (the item GET's answer, else the POST's body), an envelope taken off */
  item?: ObjectSchema;
  create?: Operation;
  read?: Operation;
  replace?: Operation;
  patch?: Operation;
  remove?: Operation;
  lists: readonly Operation[];
}

const ITEM_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

/**
 * A spec's collections, with no configuration: a path ending in a literal segment with a
 * POST or a GET, beside its item path (one more segment, a single template) with a GET, PUT,
 * PATCH or DELETE. An identity file's bindings add operations outside that pattern (an
 * update with the id in the body, a search) or name a collection of their own.
 */
export function inferCollections(
  doc: unknown,
  operations: readonly Operation[],
  bindings: Readonly<Record<string, CollectionBinding>> = {},
): Collection[] {
  const byPath = new Map<string, Map<string, Operation>>();
  for (const op of operations) {
    let methods = byPath.get(op.path);
    if (!methods) byPath.set(op.path, (methods = new Map()));
    methods.set(op.method, op);
  }
  const found: Collection[] = [];
  const taken = new Set<string>();
  for (const [path, methods] of byPath) {
    const segments = path.split('/').filter(Boolean);
    const last = segments[segments.length - 1];
    if (last === undefined || isTemplate(last)) continue;
    const ops = { create: methods.get('POST'), list: methods.get('GET') };
    if (!ops.create && !ops.list) continue;
    const item = itemPathOf(byPath, path);
    if (!item) continue;
    const name = uniqueName(segments, taken);
    found.push(
      describe(doc, {
        name,
        path,
        parentParams: segments.filter(isTemplate).map(paramOf),
        itemParam: item.param,
        create: ops.create,
        lists: ops.list && answersList(doc, ops.list) ? [ops.list] : [],
        read: item.methods.get('GET'),
        replace: item.methods.get('PUT'),
        // Stripe and OpenAI update by a POST to the item's path
        patch: item.methods.get('PATCH') ?? item.methods.get('POST'),
        remove: item.methods.get('DELETE'),
      }),
    );
  }
  return applyBindings(doc, found, operations, bindings);
}

interface Draft {
  name: string;
  path?: string;
  parentParams: readonly string[];
  itemParam?: string;
  create?: Operation;
  read?: Operation;
  replace?: Operation;
  patch?: Operation;
  remove?: Operation;
  lists: readonly Operation[];
  id?: string;
}

/** The item schema, the id property and how ids are made, read from the draft's operations. */
function describe(doc: unknown, d: Draft): Collection {
  const item = itemSchemaOf(doc, d);
  const props = item?.properties;
  const itemOp = d.read ?? d.remove ?? d.replace ?? d.patch;
  // any item operation's: DigitalOcean's add-ons say `format: uuid` on the DELETE's parameter only
  const paramFormat = [d.read, d.remove, d.replace, d.patch]
    .map((op) => pathParamFormat(doc, op, d.itemParam))
    .find((f) => f !== undefined);
  const idProperty =
    d.id ??
    (d.itemParam !== undefined && props?.has(d.itemParam)
      ? d.itemParam
      : props?.has('id')
        ? 'id'
        : (suffixOf(d.itemParam, props) ?? sameFormatOf(paramFormat, props) ?? d.itemParam ?? 'id'));
  const idSchema = props?.get(idProperty);
  const paramType = itemOp?.params.find((p) => p.name === d.itemParam)?.type;
  // the ids made must be ones the item path's own parameter takes (DigitalOcean's `firewall_id: {format: uuid}`,
  // its floating IPs' `floating_ip: {format: ipv4}`)
  const formats = [idSchema?.format, paramFormat];
  const idKind =
    ID_FORMATS.find((f) => formats.includes(f)) ??
    (idSchema?.type === 'integer' || (idSchema?.type === undefined && paramType === 'integer') ? 'integer' : 'string');
  const { id: _id, ...rest } = d;
  return { ...rest, idProperty, idKind, ...(item ? { item } : {}) };
}

/** String formats ids are made in, where the id or the item path's parameter names one. */
const ID_FORMATS = ['uuid', 'ipv4', 'ipv6'] as const;

/** The `format` of a path parameter as an operation (or its path item) declares it: in its schema, or on it (Swagger 2.0). */
function pathParamFormat(doc: unknown, op: Operation | undefined, name: string | undefined): string | undefined {
  if (!op || name === undefined) return undefined;
  const item = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
  for (const list of [`${op.pointer}/parameters`, `${item}/parameters`]) {
    const count = (resolvePointer(doc, list) as unknown[] | undefined)?.length ?? 0;
    for (let i = 0; i < count; i++) {
      const param = followRefs(doc, `${list}/${i}`);
      if (param?.node.name !== name || param.node.in !== 'path') continue;
      const format = followRefs(doc, `${param.at}/schema`)?.node.format ?? param.node.format;
      return typeof format === 'string' ? format : undefined;
    }
  }
  return undefined;
}

function itemSchemaOf(doc: unknown, d: Draft): ObjectSchema | undefined {
  for (const op of [d.read, d.replace, d.create]) {
    const at = op && (op === d.read ? answerSchemaAt(op) : bodySchemaAt(op));
    const schema = at === undefined ? undefined : unwrapEnvelope(doc, readObjectSchema(doc, at));
    if (schema && schema.properties.size > 0) return schema;
  }
  return undefined;
}

/**
 * Whether a GET of the collection's path answers a list: an array, or an object with an array
 * property (`{ "data": [...] }`, `{ "droplets": [...], "meta": ... }`). An object without one
 * (Harbor's `metadatas/`, a map of names to values) is no list: it answers from the spec, as
 * operations outside the pattern do. Without a JSON schema nothing says, and it is one.
 */
function answersList(doc: unknown, op: Operation): boolean {
  const at = answerSchemaAt(op);
  const schema = at === undefined ? undefined : readObjectSchema(doc, at);
  if (!schema || schema.type !== 'object') return true;
  return [...schema.properties.values()].some((p) => p.type === 'array');
}

/** The lowest 2xx answer's JSON schema. */
export function answerSchemaAt(op: Operation): string | undefined {
  const status = [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort()[0];
  return status === undefined ? undefined : jsonSchemaAt(op.responses.get(status)!.schemaAt);
}

export function bodySchemaAt(op: Operation): string | undefined {
  return op.requestBody && jsonSchemaAt(op.requestBody.media.schemaAt);
}

function jsonSchemaAt(schemaAt: ReadonlyMap<string, string>): string | undefined {
  return schemaAt.get('application/json') ?? [...schemaAt].find(([type]) => /[/+]json$/.test(type))?.[1];
}

/**
 * The property an object sits in when a body's schema wraps it: `data` (Asana, JSON:API's
 * `{ "data": {...} }`), or the one property of an object that has no other, itself an object
 * with properties (DigitalOcean's `{ "certificate": {...} }`, Rails' root key). A request
 * and an answer are read by the same rule, so an object whose only property is an object is
 * stored and answered alike either way.
 */
export function envelopeOf(doc: unknown, schema: ObjectSchema | undefined): string | undefined {
  if (!schema || schema.properties.size !== 1 || schema.type === 'array') return undefined;
  const [name, inner] = [...schema.properties][0]!;
  if (name === 'data') return inner.type === undefined || inner.type === 'object' ? name : undefined;
  if (inner.type !== undefined && inner.type !== 'object') return undefined;
  return (readObjectSchema(doc, inner.at)?.properties.size ?? 0) > 0 ? name : undefined;
}

/** The object inside a body's envelope (envelopeOf), else the schema itself. */
export function unwrapEnvelope(doc: unknown, schema: ObjectSchema | undefined): ObjectSchema | undefined {
  const name = envelopeOf(doc, schema);
  return name === undefined ? schema : (readObjectSchema(doc, schema!.properties.get(name)!.at) ?? schema);
}

function itemPathOf(byPath: Map<string, Map<string, Operation>>, path: string) {
  const prefix = `${path.replace(/\/$/, '')}/`;
  for (const [candidate, methods] of byPath) {
    if (!candidate.startsWith(prefix)) continue;
    const rest = candidate.slice(prefix.length);
    if (rest.includes('/') || !/^\{[^{}]+\}$/.test(rest)) continue;
    if (ITEM_METHODS.some((m) => methods.has(m))) return { param: paramOf(rest), methods };
  }
  return undefined;
}

/** The last literal segment; a second collection of that name gets its parent's literal before it (`users-orders`). */
function uniqueName(segments: readonly string[], taken: Set<string>): string {
  const literals = segments.filter((s) => !isTemplate(s));
  let name = literals[literals.length - 1]!;
  for (let i = literals.length - 2; taken.has(name) && i >= 0; i--) name = `${literals[i]}-${name}`;
  taken.add(name);
  return name;
}

function applyBindings(
  doc: unknown,
  found: Collection[],
  operations: readonly Operation[],
  bindings: Readonly<Record<string, CollectionBinding>>,
): Collection[] {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const opOf = (id: string | undefined) => (id === undefined ? undefined : byId.get(id));
  const out = [...found];
  for (const [name, binding] of Object.entries(bindings)) {
    const i = out.findIndex((c) => c.name === name);
    const base: Draft = i >= 0 ? out[i]! : { name, parentParams: [], lists: [] };
    const ops = binding.operations ?? {};
    const update = opOf(ops.update);
    const read = opOf(ops.read) ?? base.read;
    const draft: Draft = {
      ...base,
      create: opOf(ops.create) ?? base.create,
      read,
      replace: update?.method === 'PUT' ? update : base.replace,
      patch: update && update.method !== 'PUT' ? update : base.patch,
      remove: opOf(ops.delete) ?? base.remove,
      lists: ops.list ? ops.list.map(opOf).filter((op): op is Operation => !!op) : base.lists,
      itemParam: base.itemParam ?? (read ? lastParamOf(read.path) : undefined),
      ...(binding.id !== undefined ? { id: binding.id } : {}),
    };
    const made = describe(doc, draft);
    if (i >= 0) out[i] = made;
    else out.push(made);
  }
  return out;
}

function lastParamOf(path: string): string | undefined {
  const last = path.split('/').filter(Boolean).pop();
  return last !== undefined && isTemplate(last) ? paramOf(last) : undefined;
}

/** A property the parameter's name ends with (`task_gid` → `gid`, `orderUUID` → `UUID`): the longest one. */
function suffixOf(param: string | undefined, props: ReadonlyMap<string, unknown> | undefined): string | undefined {
  if (param === undefined || !props) return undefined;
  const lower = param.toLowerCase();
  return [...props.keys()].filter((p) => p.length < param.length && lower.endsWith(p.toLowerCase())).sort((a, b) => b.length - a.length)[0];
}

/** The one property in the format of an id the item path takes (DigitalOcean's `reserved_ipv6: {format: ipv6}` names the object's `ip`). */
function sameFormatOf(format: string | undefined, props: ReadonlyMap<string, PropertyInfo> | undefined): string | undefined {
  if (!props || !ID_FORMATS.some((f) => f === format)) return undefined;
  const matching = [...props].filter(([, p]) => p.format === format);
  return matching.length === 1 ? matching[0]![0] : undefined;
}

const isTemplate = (segment: string) => segment.includes('{');
const paramOf = (segment: string) => segment.replace(/^.*\{([^{}]+)\}.*$/, '$1');
