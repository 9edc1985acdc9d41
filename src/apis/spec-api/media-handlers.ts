import type { Handler } from '../../pipeline/stages.js';
import { answerInDeclaredType, findDeclaredTypes } from '../../pipeline/answer-in-type.js';
import { wantsFreshBody } from '../../pipeline/answer-from-spec.js';
import type { SampleOf } from '../../spec/samples.js';
import type { SpecModel } from '../../spec/spec-model.js';

/**
 * A handler for each operation whose answer declares a media type other than JSON (an image,
 * a CSV, YAML, or JSON and CSV both): it answers in the declared type the request's Accept
 * picks (answerInDeclaredType). Found once at start-up, so an operation answering JSON alone
 * goes on the pipeline's own path, with nothing added to it.
 */
export function buildMediaHandlers(model: SpecModel, sample: SampleOf): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  for (const op of model.operations) {
    const found = findDeclaredTypes(op);
    if (!found) continue;
    handlers[op.operationId] = ({ req, pathParams }) =>
      answerInDeclaredType(op, found, sample, { pathParams, fresh: wantsFreshBody(req.headers.prefer), accept: req.headers.accept });
  }
  return handlers;
}
