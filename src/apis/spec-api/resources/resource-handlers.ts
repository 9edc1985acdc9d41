import type { HandlerResult, Operation } from '../../../core/types.js';
import type { Call, Handler } from '../../../pipeline/stages.js';
import type { CollectionRef, StoredObject } from '../../../store/store.js';
import { judgeAccess, visibleTo, type Access } from '../../../auth/owner-rule.js';
import { SpecApiError } from '../spec-errors.js';
import { inEnvelope } from './answer-shape.js';
import { xmlObjectOf } from './xml-object.js';
import { answer, receiptOf, visible, withShapes, type CollectionParts, type ObjectMap, type Shaped } from './shaped-collection.js';
import { jsonPatch, mergePatch, PatchError } from './patch-object.js';
import { makeId } from './new-id.js';
import { fillNestedRequired } from './fill-nested.js';
import { pageOf as pageParams } from './list-params.js';

/**
 * A collection's operations as a correct server of the spec answers them: a POST creates,
 * GET reads and lists, PUT replaces, PATCH merges, DELETE removes, each object its
 * creator's (src/auth/owner-rule.ts decides who else may touch it).
 */
export function collectionHandlers(given: CollectionParts): Record<string, Handler> {
  const parts = withShapes(given);
  const c = parts.collection;
  const handlers: Record<string, Handler> = {};
  const bind = (op: Operation | undefined, handler: (call: Call, op: Operation) => Promise<HandlerResult>) => {
    if (op) handlers[op.operationId] = (call) => handler(call, op);
  };
  bind(c.create, (call, op) => create(parts, call, op));
  bind(c.read, (call, op) => read(parts, call, op));
  bind(c.replace, (call, op) => change(parts, call, op, 'replaced', (old, body) => replaceWith(parts, old, body)));
  bind(c.patch, (call, op) => change(parts, call, op, 'patched', (old, body) => patchWith(call, old, body)));
  bind(c.remove, (call, op) => remove(parts, call, op));
  for (const op of c.lists) bind(op, (call) => list(parts, call, op));
  return handlers;
}

async function create(parts: Shaped, call: Call, op: Operation): Promise<HandlerResult> {
  const { collection: c } = parts;
  const ref = refOf(parts, call);
  // the id first, as servers answer it; a given one keeps its value
  const object: ObjectMap = { [c.idProperty]: undefined, ...objectOf(parts, op, call.body) };
  fillDefaults(parts, object);
  const idSchema = c.item?.properties.get(c.idProperty);
  if (object[c.idProperty] === undefined || object[c.idProperty] === null || idSchema?.readOnly)
    object[c.idProperty] = await makeId(c, call.services.store.records, ref, call.services.random);
  fillServerMade(parts, call, object);
  const id = String(object[c.idProperty]);
  const owner = call.principal.kind === 'user' ? call.principal.subject : undefined;
  const made = await call.services.store.records.create({ ...ref, item: { id, ...(owner !== undefined ? { owner } : {}), object } });
  if (made === 'exists') {
    throw new SpecApiError(parts.api, 'OBJECT_EXISTS', { collection: c.name, id }, { op, status: 409 }).because(
      `${c.name} ${id} exists already`,
    );
  }
  call.note({ change: `created ${c.name} ${id}` });
  const shape = parts.shape(op, 201);
  const headers = shape.location ? { Location: `${parts.mount.replace(/\/$/, '')}${itemPath(parts, call, id)}` } : undefined;
  return answer(parts, shape, object, headers);
}

async function read(parts: Shaped, call: Call, op: Operation): Promise<HandlerResult> {
  const found = await mine(parts, call, op, 'read');
  return answer(parts, parts.shape(op), found.object);
}

async function change(
  parts: Shaped,
  call: Call,
  op: Operation,
  done: 'replaced' | 'patched',
  next: (old: StoredObject, body: ObjectMap) => ObjectMap,
): Promise<HandlerResult> {
  const found = await mine(parts, call, op, 'write');
  const { collection: c } = parts;
  const object = next(found, objectOf(parts, op, call.body));
  // the id is the object's name: a change never moves it
  object[c.idProperty] = found.object[c.idProperty];
  fillNestedRequired(parts.doc, c.item, object, parts.sampled);
  await call.services.store.records.replace({ ...refOf(parts, call), id: found.id, object });
  call.note({ change: `${done} ${c.name} ${found.id}` });
  return answer(parts, parts.shape(op), object);
}

function replaceWith(parts: Shaped, old: StoredObject, body: ObjectMap): ObjectMap {
  const object = { ...body };
  // what the server made (readOnly, or required in answers and left out) stays as it was unless the body carries it
  for (const name of parts.serverMade) if (object[name] === undefined && old.object[name] !== undefined) object[name] = old.object[name];
  // a replacement leaves out what it does not set: the schema's default, as on create
  fillDefaults(parts, object);
  return object;
}

function patchWith(call: Call, old: StoredObject, body: ObjectMap): ObjectMap {
  if (call.mediaType !== 'application/json-patch+json') return mergePatch(old.object, body) as ObjectMap;
  try {
    const out = jsonPatch(old.object, call.body);
    if (!out || typeof out !== 'object' || Array.isArray(out)) throw new PatchError('the patched document is not an object');
    return out as ObjectMap;
  } catch (err) {
    if (!(err instanceof PatchError)) throw err;
    throw new SpecApiError(call.api.name, 'INVALID_REQUEST', { problem: err.message }, { op: call.op, status: 422 });
  }
}

async function remove(parts: Shaped, call: Call, op: Operation): Promise<HandlerResult> {
  const found = await mine(parts, call, op, 'write');
  await call.services.store.records.delete({ ...refOf(parts, call), id: found.id });
  call.note({ change: `deleted ${parts.collection.name} ${found.id}` });
  const shape = parts.shape(op, 204);
  if (shape.status === 204 || !shape.hasBody) return { status: shape.status, body: undefined };
  return parts.answersItem(op) ? answer(parts, shape, found.object) : { status: shape.status, body: receiptOf(parts, op, shape, found) };
}

async function list(parts: Shaped, call: Call, op: Operation): Promise<HandlerResult> {
  const { collection: c } = parts;
  const paging = pageParams(op, call.query);
  const where: Record<string, string> = {};
  const assumed: Record<string, string> = {};
  for (const p of op.params) {
    const prop = p.in === 'query' ? c.item?.properties.get(p.name) : undefined;
    if (!prop || prop.type === 'object' || prop.type === 'array') continue;
    const sent = call.query[p.name];
    if (sent !== undefined) {
      // an empty one filters nothing (DigitalOcean's `name` defaults to "")
      if (sent !== '' && typeof sent !== 'object') where[p.name] = String(sent);
    } else if (typeof p.default === 'string' && p.default !== '') {
      // a text filter the request leaves out is its declared default, as the server assumes it (Petstore's
      // status=available), but an object made without that property still shows; a boolean or number default
      // more often says what to include (PowerDNS's dnssec=true) than which objects
      assumed[p.name] = p.default;
    }
  }
  const found = await call.services.store.records.list({
    ...refOf(parts, call),
    ...paging,
    where,
    assumed,
    ...(visibleFor(parts, call) !== undefined ? { visibleTo: visibleFor(parts, call) } : {}),
  });
  const items = found.items.map((o) => visible(parts, o.object));
  const shape = parts.shape(op);
  if (shape.arrayProperty === '' || shape.arrayProperty === undefined) return { status: shape.status, body: items };
  const base = parts.sample(op, shape.key ?? String(shape.status), 'application/json');
  const body: ObjectMap = base && typeof base === 'object' && !Array.isArray(base) ? structuredClone(base as ObjectMap) : {};
  body[shape.arrayProperty] = items;
  if (shape.countPath) setAt(body, shape.countPath, found.total);
  return { status: shape.status, body };
}

/** The object the request names, if the caller may touch it; else the 404 (or 403) a correct server answers. */
async function mine(parts: Shaped, call: Call, op: Operation, access: Access): Promise<StoredObject> {
  const { collection: c } = parts;
  const id = idOf(parts, call);
  const found = id === undefined ? undefined : await call.services.store.records.get({ ...refOf(parts, call), id });
  if (!found) throw notFound(parts, op, id).because(`no ${c.name} ${id ?? '(no id)'}`);
  const verdict = judgeAccess(parts.policy, found.owner, call.principal, access);
  if (verdict.allowed) return found;
  const why = `not yours: ${c.name} ${found.id} belongs to ${found.owner} (${parts.policy.visibility})`;
  if (verdict.status === 404) throw notFound(parts, op, found.id).because(why);
  throw new SpecApiError(parts.api, 'NOT_YOURS', { collection: c.name, id: found.id }, { op, status: 403 }).because(why);
}

function notFound(parts: Shaped, op: Operation, id: string | undefined): SpecApiError {
  return new SpecApiError(parts.api, 'NO_SUCH_OBJECT', { collection: parts.collection.name, id: id ?? '' }, { op, status: 404 });
}

function visibleFor(parts: Shaped, call: Call): string | undefined {
  return visibleTo(parts.policy, call.principal);
}

/** The id in the item path, else in the body (an update with the id in its body: Petstore's PUT /pet). */
function idOf(parts: Shaped, call: Call): string | undefined {
  const { collection: c } = parts;
  const fromPath = c.itemParam === undefined ? undefined : call.pathParams[c.itemParam];
  const fromBody = (objectOf(parts, call.op, call.body) as ObjectMap)[c.idProperty];
  const id = fromPath ?? fromBody;
  return id === undefined || id === null || typeof id === 'object' ? undefined : String(id);
}

function refOf(parts: Shaped, call: Call): CollectionRef {
  const parent = parts.collection.parentParams.map((p) => String(call.pathParams[p] ?? '')).join('/');
  return { ns: call.ns.name, api: parts.api, collection: parts.collection.name, parent };
}

function itemPath(parts: Shaped, call: Call, id: string): string {
  const { path } = parts.collection;
  if (path === undefined) return `/${encodeURIComponent(id)}`;
  const filled = path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(String(call.pathParams[name] ?? '')));
  return `${filled}/${encodeURIComponent(id)}`;
}

/** The body's object, out of its envelope where the operation's body schema has one. */
/** Sets the value at a path of properties, making the objects on the way where the sample has none. */
function setAt(body: ObjectMap, path: readonly string[], value: unknown): void {
  let here = body;
  for (const name of path.slice(0, -1)) {
    const next = here[name];
    here = (here[name] = next && typeof next === 'object' && !Array.isArray(next) ? next : {}) as ObjectMap;
  }
  here[path[path.length - 1]!] = value;
}

function objectOf(parts: Shaped, op: Operation, body: unknown): ObjectMap {
  // an XML body comes as it was sent (decode-body.ts), any other non-JSON one too
  if (Buffer.isBuffer(body)) return xmlObjectOf(body, parts.collection.item);
  return inEnvelope(body, parts.envelope(op));
}

/** The properties the body lacks that the schema gives a `default` (the id aside): a server assumes it (OpenAPI), so the object holds it. */
function fillDefaults(parts: Pick<CollectionParts, 'collection'>, object: ObjectMap): void {
  const { collection: c } = parts;
  for (const [name, p] of c.item?.properties ?? []) {
    if (name !== c.idProperty && object[name] === undefined && p.default !== undefined) object[name] = structuredClone(p.default);
  }
}

/** The properties the server makes that the body lacks: times from the namespace's clock, the rest from the schema. */
function fillServerMade(parts: Shaped, call: Call, object: ObjectMap): void {
  const { collection: c } = parts;
  for (const [name, p] of c.item?.properties ?? []) {
    if (object[name] !== undefined || !parts.serverMade.has(name)) continue;
    if (p.format === 'date-time') object[name] = new Date(call.ns.now()).toISOString();
    else if (p.format === 'date') object[name] = new Date(call.ns.now()).toISOString().slice(0, 10);
    else {
      const made = parts.sampled();
      if (made[name] !== undefined) object[name] = structuredClone(made[name]);
    }
  }
  fillNestedRequired(parts.doc, c.item, object, parts.sampled);
}
