import type { HandlerResult, MediaValidators, Operation } from '../core/types.js';
import type { SampleOf, SampleRequest } from '../spec/samples.js';
import { answerFromSpec, answeringStatus } from './answer-from-spec.js';
import { answerTypeOf, isYamlType, madeUpBody, minimalFile } from './answer-media.js';
import { pickMediaType } from './pick-media-type.js';

/** A declared media type (`image/*`, as the spec writes it) and the type its answer goes out as (`image/png`). */
interface DeclaredType {
  declared: string;
  answerType: string;
}

/** The media types an operation's answering status declares, where one of them is not application/json. */
export interface DeclaredTypes {
  status: string;
  media: MediaValidators;
  types: readonly DeclaredType[];
  answerTypes: readonly string[];
}

/** What one request asks of an answer in a declared type: a made body's key, and the type Accept picks. */
export interface TypedRequest extends SampleRequest {
  accept?: string;
}

/**
 * The types the status answerFromSpec answers with declares (its example's, else the lowest
 * 2xx with a schema, else the lowest 2xx), where one is not application/json; undefined for
 * an answer in JSON alone, or no body.
 */
export function findDeclaredTypes(op: Operation): DeclaredTypes | undefined {
  const status = answeringStatus(op);
  const media = status === undefined ? undefined : op.responses.get(status);
  if (status === undefined || !media) return undefined;
  // every declared type has its entry in `examples`, a schema or not
  const types = [...media.examples.keys()].map((declared) => ({ declared, answerType: answerTypeOf(declared) }));
  if (types.every((t) => t.answerType === 'application/json')) return undefined;
  return { status, media, types, answerTypes: types.map((t) => t.answerType) };
}

/**
 * The answer of an operation without a handler whose response declares a type other than
 * application/json (`found`: findDeclaredTypes), in the declared type Accept picks, else JSON
 * where declared, else the first type. JSON answers as answerFromSpec does; another type with
 * its example, else a minimal file of a well-known binary type (a PNG, a PDF), else a body
 * made from the type's schema, else empty text or a few bytes, its type named in Content-Type.
 * The body is the value the spec gives (the text, for a text type); the dialect writes it.
 * An object where that type has no text for one (XML, CSV) leaves the answer to JSON, where declared.
 */
export function answerInDeclaredType(op: Operation, found: DeclaredTypes, sample: SampleOf, request: TypedRequest = {}): HandlerResult {
  const { declared, answerType } = found.types[pickMediaType(found.answerTypes, request.accept)];
  if (answerType === 'application/json') return answerFromSpec(op, sample, structuredClone, request);
  const { status, media } = found;
  const headers = { 'Content-Type': answerType };
  const example = media.examples.get(declared)?.first;
  const file = example === undefined ? minimalFile(answerType) : undefined;
  if (file) return { status: Number(status), headers, body: file };
  const body = example ?? (media.schemaAt.has(declared) ? sample(op, status, declared, request) : undefined);
  if (body === undefined) return { status: Number(status), headers, body: madeUpBody(answerType) };
  // an object has no text in XML or CSV (the dialect would send its JSON): JSON's own answer, where JSON is declared
  if (typeof body === 'object' && body !== null && !isYamlType(answerType) && found.answerTypes.includes('application/json')) {
    return answerFromSpec(op, sample, structuredClone, request);
  }
  return { status: Number(status), headers, body: example === undefined && request.fresh ? body : structuredClone(body) };
}
