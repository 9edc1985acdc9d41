import type { Operation } from '../core/types.js';
import type { Decoded } from './stages.js';
import type { ValidationFailure } from './dialect.js';

/** Parameters and body as the handler receives them, coerced where the schema coerces. */
export interface ValidInput {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  mediaType?: string;
}

/**
 * Path and query parameters and the decoded body against the operation's schemas. The
 * first place that fails is returned as data, for the API to word its own way.
 */
export function validateRequest(
  op: Operation,
  pathParams: Readonly<Record<string, string>>,
  search: URLSearchParams,
  decoded: Decoded,
): ValidInput | ValidationFailure {
  const params: Record<string, unknown> = { ...pathParams };
  if (op.pathParams && !op.pathParams.validate(params)) {
    return { place: 'path', errors: op.pathParams.validate.errors ?? [], data: params, order: op.pathParams.names };
  }
  const query: Record<string, unknown> = {};
  if (op.queryParams) {
    for (const name of op.queryParams.names) {
      const v = search.get(name);
      if (v !== null) query[name] = v;
    }
    if (!op.queryParams.validate(query)) {
      return { place: 'query', errors: op.queryParams.validate.errors ?? [], data: query, order: op.queryParams.names };
    }
  }
  const { body, mediaType } = decoded;
  const validate = mediaType ? op.requestBody?.media.byType.get(mediaType) : undefined;
  if (validate && !validate(body)) {
    return { place: 'body', errors: validate.errors ?? [], data: body, order: op.requestBody?.media.order.get(mediaType!) ?? [] };
  }
  return { pathParams: params, query, body, mediaType };
}
