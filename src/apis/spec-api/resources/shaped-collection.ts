import type { HandlerResult, Operation } from '../../../core/types.js';
import type { Collection } from '../../../spec/infer-collections.js';
import type { SampleOf } from '../../../spec/samples.js';
import type { OwnershipPolicy } from '../../../auth/owner-rule.js';
import type { StoredObject } from '../../../store/store.js';
import { answerShape, answersItem, bodyEnvelope, inEnvelope, inputOnlyProperties, type AnswerShape } from './answer-shape.js';

// A collection's parts as its handlers use them: what its operations' schemas say about the
// shape of their answers, worked out once per collection, and the answers made from them.

/** What a collection's handlers are made from. */
export interface CollectionParts {
  api: string;
  /** where the spec is served (`/api/v3`), for a Location header */
  mount: string;
  doc: unknown;
  collection: Collection;
  policy: OwnershipPolicy;
  sample: SampleOf;
}

export type ObjectMap = Record<string, unknown>;

/** An item made from the schema: the read operation's (else the create's) answer, out of its envelope. */
export function sampleItem(parts: Pick<CollectionParts, 'collection' | 'doc' | 'sample'>): ObjectMap {
  const op = parts.collection.read ?? parts.collection.create;
  if (!op) return {};
  const shape = answerShape(parts.doc, op);
  const body = parts.sample(op, shape.key ?? String(shape.status), 'application/json') as ObjectMap | undefined;
  return inEnvelope(body, shape.envelope);
}

/** The object as callers see it: writeOnly properties are kept and never answered. */
export function visible(parts: Shaped, object: ObjectMap): ObjectMap {
  if (parts.hidden.length === 0) return object;
  const out = { ...object };
  for (const name of parts.hidden) delete out[name];
  return out;
}

/** A collection's parts with what its operations' schemas say worked out once, not on every request. */
export interface Shaped extends CollectionParts {
  /** the answer's shape: the `preferred` status when declared, else the lowest 2xx */
  shape(op: Operation, preferred?: number): AnswerShape;
  /** the property the operation's request body wraps its object in (bodyEnvelope), if it does */
  envelope(op: Operation): string | undefined;
  /** the writeOnly properties, never answered */
  hidden: readonly string[];
  /**
   * the properties the server makes when a body leaves them out: readOnly ones, and those the
   * item's answer requires (Box's `type: folder`, which its create body does not take)
   */
  serverMade: ReadonlySet<string>;
  /** an item made from the schema (sampleItem), made once: what is taken from it is copied */
  sampled(): ObjectMap;
  /** whether the operation answers the item itself rather than a receipt of its own (answersItem) */
  answersItem(op: Operation): boolean;
}

export function withShapes(parts: CollectionParts): Shaped {
  const shapes = new Map<string, AnswerShape>();
  const envelopes = new Map<string, string | undefined>();
  const itemAnswers = new Map<string, boolean>();
  const { item } = parts.collection;
  let sampled: ObjectMap | undefined;
  return {
    ...parts,
    shape(op, preferred) {
      const key = `${op.operationId} ${preferred ?? ''}`;
      let shape = shapes.get(key);
      if (!shape) shapes.set(key, (shape = answerShape(parts.doc, op, preferred)));
      return shape;
    },
    envelope(op) {
      if (!envelopes.has(op.operationId)) envelopes.set(op.operationId, bodyEnvelope(parts.doc, op));
      return envelopes.get(op.operationId);
    },
    hidden: [
      ...[...(item?.properties ?? [])].filter(([, p]) => p.writeOnly).map(([name]) => name),
      ...inputOnlyProperties(parts.doc, parts.collection),
    ],
    serverMade: new Set(
      [...(item?.properties ?? [])].filter(([name, p]) => p.readOnly || item?.required.includes(name)).map(([name]) => name),
    ),
    sampled: () => (sampled ??= sampleItem(parts)),
    answersItem(op) {
      let found = itemAnswers.get(op.operationId);
      if (found === undefined) itemAnswers.set(op.operationId, (found = answersItem(parts.doc, op, item)));
      return found;
    },
  };
}

export function answer(parts: Shaped, shape: AnswerShape, object: ObjectMap, headers?: Record<string, string>): HandlerResult {
  const body = shape.hasBody ? (shape.envelope ? { [shape.envelope]: visible(parts, object) } : visible(parts, object)) : undefined;
  return { status: shape.status, ...(headers ? { headers } : {}), body };
}

/**
 * What a removal answers where its declared answer is not the item (OpenAI's and Stripe's
 * `{ "id": ..., "deleted": true }`): the answer's example or one made from its schema, naming
 * the removed object's id.
 */
export function receiptOf(parts: Shaped, op: Operation, shape: AnswerShape, removed: StoredObject): unknown {
  const made = structuredClone(parts.sample(op, shape.key ?? String(shape.status), 'application/json'));
  const receipt = inEnvelope(made, shape.envelope);
  const { idProperty } = parts.collection;
  for (const name of new Set([idProperty, 'id'])) if (name in receipt) receipt[name] = removed.object[idProperty];
  // a made-up `deleted: false` would say the opposite of what happened
  if (typeof receipt.deleted === 'boolean') receipt.deleted = true;
  return made;
}
