import type { Operation } from '../../../core/types.js';
import { followRefs, readObjectSchema, type ObjectSchema } from '../../../spec/object-schema.js';
import { answerSchemaAt, bodySchemaAt, envelopeOf, unwrapEnvelope, type Collection } from '../../../spec/infer-collections.js';

/** How an operation's answer carries objects: its status, an envelope, a list's array and count properties. */
export interface AnswerShape {
  status: number;
  /** the response that describes it: its status, else `default` where no 2xx is declared; undefined: none */
  key?: string;
  /** the answer has a JSON body at all */
  hasBody: boolean;
  /** the property the object sits in (`{ "data": ... }`, `{ "certificate": ... }`: envelopeOf); undefined: none */
  envelope?: string;
  /** a list: '' for a bare array, else the property that holds the array */
  arrayProperty?: string;
  /** a list's integer property that says how many match: top-level, else in an object beside the array (DigitalOcean's `meta.total`) */
  countPath?: readonly string[];
  /** the answer declares a Location header */
  location: boolean;
}

/** The names a list answer gives its array when it has other arrays too. */
const LIST_NAMES = /^(data|items|entries|results|records|elements|content|values|nodes)$/i;

const COUNT_NAMES =
  /^(total|count|totalcount|total_count|totalitems|total_items|totalresults|total_results|totalelements|total_elements)$/i;

/** The answer's shape: the `preferred` status when declared (a create's 201), else the lowest 2xx. */
export function answerShape(doc: unknown, op: Operation, preferred?: number): AnswerShape {
  const statuses = [...op.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort();
  const status = preferred !== undefined && statuses.includes(String(preferred)) ? String(preferred) : statuses[0];
  // no 2xx declared: `default` describes every status the others do not (OpenAPI 3.1 §4.8.16)
  const key = status ?? (op.responses.has('default') ? 'default' : undefined);
  const media = key === undefined ? undefined : op.responses.get(key);
  const at = media && (media.schemaAt.get('application/json') ?? [...media.schemaAt].find(([t]) => /[/+]json$/.test(t))?.[1]);
  const shape: AnswerShape = {
    status: status === undefined ? (preferred ?? 200) : Number(status),
    ...(key !== undefined ? { key } : {}),
    hasBody: at !== undefined || !!media?.examples.size,
    location: key !== undefined && declaresLocation(doc, op, key),
  };
  const schema = at === undefined ? undefined : readObjectSchema(doc, at);
  if (!schema) return shape;
  if (schema.type === 'array') return { ...shape, arrayProperty: '' };
  const all = [...schema.properties].filter(([, p]) => p.type === 'array');
  // beside others (Box's `order` next to its `entries`), the one a list is usually called
  const arrays = all.length > 1 ? all.filter(([name]) => LIST_NAMES.test(name)) : all;
  if (arrays.length === 1) {
    const countPath = countPathOf(doc, schema);
    return { ...shape, arrayProperty: arrays[0]![0], ...(countPath ? { countPath } : {}) };
  }
  const envelope = envelopeOf(doc, schema);
  return envelope === undefined ? shape : { ...shape, envelope };
}

/** Where a list answer says how many match: a count-like integer property, else one in an object property (`meta`, `pagination`). */
function countPathOf(doc: unknown, schema: ObjectSchema): string[] | undefined {
  const isCount = ([name, p]: [string, { type?: string }]) => (p.type === 'integer' || p.type === 'number') && COUNT_NAMES.test(name);
  const top = [...schema.properties].find(isCount);
  if (top) return [top[0]];
  for (const [name, p] of schema.properties) {
    if (p.type !== 'object' && p.type !== undefined) continue;
    const inner = [...(readObjectSchema(doc, p.at)?.properties ?? [])].find(isCount);
    if (inner) return [name, inner[0]];
  }
  return undefined;
}

function declaresLocation(doc: unknown, op: Operation, status: string): boolean {
  // the response may be a $ref (Harbor's shared `#/responses/201`, which declares Location)
  const response = followRefs(doc, `${op.pointer}/responses/${status}`)?.node;
  const headers = response?.headers && typeof response.headers === 'object' ? (response.headers as Record<string, unknown>) : {};
  return Object.keys(headers).some((h) => h.toLowerCase() === 'location');
}

/**
 * Whether an operation's answer carries the item itself: its schema the item's, or one that
 * declares nothing the item does not. A removal's receipt (OpenAI's and Stripe's `deleted:
 * true`) is not; without a JSON schema nothing says otherwise.
 */
export function answersItem(doc: unknown, op: Operation, item: ObjectSchema | undefined): boolean {
  const at = answerSchemaAt(op);
  const schema = at === undefined || !item ? undefined : unwrapEnvelope(doc, readObjectSchema(doc, at));
  if (!schema || !item || schema.at === item.at) return true;
  return [...schema.properties.keys()].every((name) => item.properties.has(name));
}

/**
 * The properties a create takes that the item's answer does not declare (Harbor's user
 * `password`, where Swagger 2.0 has no `writeOnly`): a correct server keeps them and never
 * answers them. None where either schema declares no properties.
 */
export function inputOnlyProperties(doc: unknown, collection: Collection): string[] {
  const answerAt = collection.read && answerSchemaAt(collection.read);
  const bodyAt = collection.create && bodySchemaAt(collection.create);
  if (answerAt === undefined || bodyAt === undefined) return [];
  const answered = unwrapEnvelope(doc, readObjectSchema(doc, answerAt));
  const taken = unwrapEnvelope(doc, readObjectSchema(doc, bodyAt));
  if (!answered?.properties.size || !taken?.properties.size) return [];
  return [...taken.properties.keys()].filter((name) => !answered.properties.has(name));
}

/** The property a request body's object sits in, where the operation's body schema is an envelope (envelopeOf). */
export function bodyEnvelope(doc: unknown, op: Operation | undefined): string | undefined {
  const at = op?.requestBody && (op.requestBody.media.schemaAt.get('application/json') ?? [...op.requestBody.media.schemaAt.values()][0]);
  return at === undefined ? undefined : envelopeOf(doc, readObjectSchema(doc, at));
}

/** The object a value carries: the one in `envelope` where there is one, else the value; {} when it is no object. */
export function inEnvelope(value: unknown, envelope: string | undefined): Record<string, unknown> {
  const inner = envelope !== undefined && value && typeof value === 'object' ? (value as Record<string, unknown>)[envelope] : value;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
}

/** The object a request body carries, out of its envelope; {} when it is none. */
export function bodyObject(doc: unknown, op: Operation | undefined, body: unknown): Record<string, unknown> {
  return inEnvelope(body, bodyEnvelope(doc, op));
}
