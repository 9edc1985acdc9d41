import type { IncomingHttpHeaders } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { HandlerResult, MediaValidators, Operation } from '../core/types.js';
import type { Decoded } from './stages.js';
import type { ValidationFailure } from './dialect.js';

// The spec's schemas applied to one exchange: the request's parameters and body on the way
// in (validateRequest), the answer's status and body on the way out (findViolation).

/** Parameters and body as the handler receives them, coerced where the schema coerces. */
export interface ValidInput {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  mediaType?: string;
}

/**
 * Path, query and header parameters and the decoded body against the operation's schemas. The
 * first place that fails is returned as data, for the API to word its own way.
 */
export function validateRequest(
  op: Operation,
  pathParams: Readonly<Record<string, string>>,
  search: URLSearchParams,
  decoded: Decoded,
  headers: IncomingHttpHeaders = {},
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
  if (op.headerParams) {
    const declared: Record<string, unknown> = {};
    for (const name of op.headerParams.names) {
      const v = headers[name.toLowerCase()];
      if (v !== undefined) declared[name] = Array.isArray(v) ? v.join(', ') : v;
    }
    if (!op.headerParams.validate(declared)) {
      return { place: 'header', errors: op.headerParams.validate.errors ?? [], data: declared, order: op.headerParams.names };
    }
  }
  const { body, mediaType } = decoded;
  const validate = mediaType ? op.requestBody?.media.byType.get(mediaType) : undefined;
  if (validate && !validate(body)) {
    return { place: 'body', errors: validate.errors ?? [], data: body, order: op.requestBody?.media.order.get(mediaType!) ?? [] };
  }
  return { pathParams: params, query, body, mediaType };
}

export interface ResponseViolation {
  api: string;
  operationId: string;
  status: number;
  problems: string[];
}

/** The responses an operation declares for a status: the exact code, then its range (`4XX`), then `default`. */
export function declaredResponse(op: Operation, status: number): MediaValidators | undefined {
  return op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`) ?? op.responses.get('default');
}

/**
 * Every answer is checked against the spec before it leaves: its status must be declared
 * and its body must match the declared schema (JSON's, else the first media type's, or the
 * one the answer names). `check` validates, and may remember what passed (run-request.ts, the fixed memo).
 */
export function findViolation(
  op: Operation | undefined,
  result: HandlerResult,
  check: (validate: ValidateFunction, value: unknown) => boolean = (v, value) => v(value) as boolean,
): ResponseViolation | undefined {
  if (!op) return undefined; // routing errors belong to no operation
  const declared = declaredResponse(op, result.status);
  const named = result.headers?.['Content-Type']?.split(';')[0].trim().toLowerCase();
  // authmock's own problem+json, for what the spec does not describe (a 401 it declares no body for)
  if (named === 'application/problem+json' && !declared?.byType.has(named)) return undefined;
  const base = { api: op.api, operationId: op.operationId, status: result.status };
  if (!declared) return { ...base, problems: [`status ${result.status} is not declared`] };
  const validate =
    (named && declared.byType.get(named)) || declared.byType.get('application/json') || declared.byType.values().next().value;
  if (!validate || check(validate, result.body)) return undefined;
  return {
    ...base,
    problems: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`),
  };
}
