import type { Operation } from '../../core/types.js';
import type { Collection } from '../../spec/infer-collections.js';
import { answerShape, bodyObject, inEnvelope } from '../../apis/spec-api/resources/answer-shape.js';
import type { UserSpec } from './load-user-specs.js';
import type { ControlCall } from './control-client.js';
import { sampleAnswer, type SampledRequest } from './sample-request.js';

/** What a cell does before its request: nothing, or makes the object it names be there. */
export type PrepareCell = () => Promise<void>;

/**
 * Against authmock, the objects an operation's admitted cells meet (the cells that expect
 * the request to get past authentication). The matrix judges the credential, so the object
 * the sampled request names must be there, as on a server holding the spec's example: an
 * item operation's cell first makes it, owned by no one (every caller that passes security
 * may read and change it, as the owner rule says of seeds), in place of whatever an earlier
 * cell left under that id; a create's cell first frees the id its body carries. Without
 * this, a collection empty of that id answers 404 and a second create 409, which the spec
 * may not declare: findings about the checker's made-up id, not about the server.
 */
export function cellObjects(spec: UserSpec, control: ControlCall): (op: Operation, request: SampledRequest) => PrepareCell | undefined {
  const doc = spec.model.spec.doc;
  return (op, request) => {
    for (const { collection: c } of spec.collections) {
      const isItem = [c.read, c.replace, c.patch, c.remove].some((o) => o?.operationId === op.operationId);
      const isCreate = c.create?.operationId === op.operationId;
      if (!isItem && !isCreate) continue;
      const sentId = bodyObject(doc, op, request.bodyValue)[c.idProperty];
      const id = (c.itemParam !== undefined ? request.pathParams[c.itemParam] : undefined) ?? scalar(sentId);
      if (id === undefined) return undefined;
      const parent = c.parentParams.map((p) => request.pathParams[p] ?? '').join('/');
      const path = `/resources/${encodeURIComponent(spec.name)}/${encodeURIComponent(c.name)}`;
      const free = () => control('DELETE', `${path}/${encodeURIComponent(id)}?parent=${encodeURIComponent(parent)}`, undefined, [404]);
      if (isCreate) return free;
      return async () => {
        await free();
        await control('POST', path, { parent, object: { ...itemOf(spec, c), [c.idProperty]: typedId(c, id) } });
      };
    }
    return undefined;
  };
}

/** The collection's object as its read answers it (its example, else made from its schema), out of any envelope. */
function itemOf(spec: UserSpec, c: Collection): Record<string, unknown> {
  const op = c.read ?? c.create;
  if (!op) return {};
  const shape = answerShape(spec.model.spec.doc, op);
  const answer = sampleAnswer(spec.model.spec, op, shape.key ?? String(shape.status));
  return inEnvelope(answer, shape.envelope);
}

/** The id as the object holds it: a number where the collection's ids are integers. */
function typedId(c: Collection, id: string): string | number {
  return c.idKind === 'integer' && /^-?\d+$/.test(id) ? Number(id) : id;
}

function scalar(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
