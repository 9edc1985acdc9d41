import { randomBytes, randomUUID } from 'node:crypto';
import type { Operation } from '../../core/types.js';
import type { ServedCollection } from '../../pipeline/served-api.js';
import type { CallSpec } from '../case-types.js';
import type { Exchange } from '../http-client.js';
import type { UserSpec } from './load-user-specs.js';
import { answerShape, bodyEnvelope, inEnvelope } from '../../apis/spec-api/resources/answer-shape.js';
import { newTextId } from '../../apis/spec-api/resources/new-id.js';
import { paramSchema, sampleRequest } from './sample-request.js';
import { satisfies } from './schema-values.js';
import { holdsSent } from './holds-sent.js';

// What the object-level cases (object-cases.ts) send and how they read what comes back: A's
// body with a fresh id, B's replacement, a list's query, and the checks that A's object came
// back as sent and is listed.

/** A collection and the spec it is checked in: what the cases' bodies are made from. */
export interface CheckedCollection {
  spec: UserSpec;
  served: ServedCollection;
}

type ObjectMap = Record<string, unknown>;

/** Every property A sent (but readOnly and writeOnly ones) must come back as sent (holds-sent.ts). */
export function sameAsSent(input: CheckedCollection, sent: ObjectMap, ex: Exchange): string | undefined {
  const c = input.served.collection;
  const shape = answerShape(input.spec.model.spec.doc, c.read!);
  const answered = parse(ex.text);
  const got = inEnvelope(answered, shape.envelope);
  for (const [name, value] of Object.entries(sent)) {
    const prop = c.item?.properties.get(name);
    if (prop?.writeOnly || prop?.readOnly) continue;
    if (!holdsSent(got?.[name], value)) return `${name} came back ${JSON.stringify(got?.[name])}, A sent ${JSON.stringify(value)}`;
  }
  return undefined;
}

export function inList(input: CheckedCollection, list: Operation, ex: Exchange, id: string): boolean {
  const shape = answerShape(input.spec.model.spec.doc, list);
  const body = parse(ex.text);
  const items = shape.arrayProperty ? (body as ObjectMap | undefined)?.[shape.arrayProperty] : body;
  const idProperty = input.served.collection.idProperty;
  return Array.isArray(items) && items.some((item) => item && typeof item === 'object' && String((item as ObjectMap)[idProperty]) === id);
}

/**
 * The example's id is likely an object the server has (a seed): A's body leaves the id out
 * where the server makes it (readOnly, or not required), and else gives a new one.
 */
export function freshId(input: CheckedCollection, op: Operation, body: unknown, sent: ObjectMap): CallSpec['body'] | undefined {
  const c = input.served.collection;
  if (!(c.idProperty in sent)) return undefined;
  const prop = c.item?.properties.get(c.idProperty);
  const without = { ...sent };
  delete without[c.idProperty];
  // an id the item need not have, unless the create's own body schema asks for it (Box's taxonomy `namespace`)
  if (prop?.readOnly || (!c.item?.required.includes(c.idProperty) && accepts(input, op, body, without))) delete sent[c.idProperty];
  else
    sent[c.idProperty] =
      c.idKind === 'integer'
        ? 900_000_000 + Math.floor(Math.random() * 99_999_999)
        : c.idKind === 'string'
          ? `authmock-check-${randomUUID().slice(0, 8)}`
          : newTextId(c.idKind, { bytes: randomBytes });
  return wrapBody(input, op, body, sent);
}

/** Whether the operation's JSON body validator takes this object (in the body's envelope); true where it has none. */
export function accepts(input: CheckedCollection, op: Operation, body: unknown, object: ObjectMap): boolean {
  const validate = op.requestBody?.media.byType.get(jsonTypeOf(op));
  return !validate || validate(JSON.parse(String(wrapBody(input, op, body, object)?.payload ?? '{}')));
}

export function wrapBody(input: CheckedCollection, op: Operation, body: unknown, sent: ObjectMap): CallSpec['body'] {
  const envelope = bodyEnvelope(input.spec.model.spec.doc, op);
  const wrapped = envelope !== undefined ? { ...(body && typeof body === 'object' ? (body as ObjectMap) : {}), [envelope]: sent } : sent;
  return { payload: JSON.stringify(wrapped), contentType: jsonTypeOf(op) };
}

export function jsonTypeOf(op: Operation): string {
  const types = [...(op.requestBody?.media.schemaAt.keys() ?? [])];
  return types.find((t) => t === 'application/json') ?? types.find((t) => t.endsWith('+json')) ?? 'application/json';
}

/**
 * B's replacement of A's object: what A sent, where the replace operation's schema takes it,
 * else the operation's own sample (its schema may differ from the create's): a body the
 * server refuses as invalid (400) would say nothing of whose the object is.
 */
export function replaceBody(input: CheckedCollection, op: Operation, sent: ObjectMap): CallSpec['body'] {
  const envelope = bodyEnvelope(input.spec.model.spec.doc, op);
  const wrapped = envelope !== undefined ? { [envelope]: sent } : sent;
  const validate = op.requestBody?.media.byType.get(jsonTypeOf(op));
  if (!validate || !validate(structuredClone(wrapped))) {
    const own = sampleRequest(input.spec.model.spec, op, input.spec.model.schemes);
    if (own.body && !own.invalid) return own.body;
  }
  return { payload: JSON.stringify(wrapped), contentType: jsonTypeOf(op) };
}

/**
 * A list's query as A's object answers it: a required query parameter (the sampled request
 * sends only those) that filters by a top-level property (one the item has: the server
 * filters by equality) takes A's value where its schema accepts it (Asana's `?parent=`), so
 * A's list can hold A's object and B's list is asked the same. `asksForA` is false where one
 * cannot take A's value (Box's `?status=pending` of a collaboration the server made `accepted`).
 */
export function listQuery(
  input: CheckedCollection,
  list: Operation,
  object: ObjectMap,
): { query: Record<string, string>; asksForA: boolean } {
  const query: Record<string, string> = {};
  let asksForA = true;
  for (const p of list.params) {
    if (p.in !== 'query' || !p.required || !(input.served.collection.item?.properties.has(p.name) || p.name in object)) continue;
    const value = object[p.name];
    const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    const schema = paramSchema(input.spec.model.spec, list, 'query', p.name);
    if (text !== undefined && (!schema || satisfies(schema, text))) query[p.name] = text;
    else asksForA = false;
  }
  return { query, asksForA };
}

export function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
