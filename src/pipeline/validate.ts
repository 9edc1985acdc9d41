import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { HandlerResult, MediaValidators, Operation, ParamShape, ParamValidator } from '../core/types.js';
import type { Decoded } from './stages.js';
import type { ValidationFailure } from './dialect.js';
import type { ValidationPlace } from './trace.js';
import { findBadPathEncoding, findBadQueryEncoding } from './find-bad-encoding.js';
import { readQueryParams } from './read-query-params.js';
import { readSimpleParam } from './read-simple-params.js';
import { readCookieParams } from './read-cookie-params.js';
import { ParamProblem } from './split-param-text.js';

// The spec's schemas applied to one exchange: the request's parameters and body on the way
// in (validateRequest), the answer's status and body on the way out (findViolation).

/** Parameters and body as the handler receives them, coerced where the schema coerces. */
export interface ValidInput {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  mediaType?: string;
}

/** The request target as received: where percent-encodings are checked before anything is decoded further. */
export interface RawTarget {
  /** the path, without the query */
  path?: string;
  /** the target, query included */
  target?: string;
}

/**
 * Path, query, header and cookie parameters and the decoded body against the operation's
 * schemas; arrays and objects are built by each parameter's style first (only for the
 * operations whose parameters have shapes). The first place that fails is returned as data,
 * for the API to word its own way.
 */
export function validateRequest(
  op: Operation,
  pathParams: Readonly<Record<string, string>>,
  search: URLSearchParams,
  decoded: Decoded,
  headers: IncomingHttpHeaders = {},
  raw: RawTarget = {},
): ValidInput | ValidationFailure {
  const params: Record<string, unknown> = { ...pathParams };
  if (op.pathParams) {
    const problem = op.pathParams.shapes && shapeEach(op.pathParams.shapes, params, false);
    if (problem) return problemFailure('path', problem, params, op.pathParams.names);
    if (!op.pathParams.validate(params)) {
      return { place: 'path', errors: op.pathParams.validate.errors ?? [], data: params, order: op.pathParams.names };
    }
  }
  let query: Record<string, unknown> = {};
  if (op.queryParams) {
    const read = readQueryParams(op.queryParams, search);
    if (read instanceof ParamProblem) return problemFailure('query', read, {}, op.queryParams.names);
    query = read;
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
    const problem = op.headerParams.shapes && shapeEach(op.headerParams.shapes, declared, true);
    if (problem) return problemFailure('header', problem, declared, op.headerParams.names);
    if (!op.headerParams.validate(declared)) {
      return { place: 'header', errors: op.headerParams.validate.errors ?? [], data: declared, order: op.headerParams.names };
    }
  }
  if (op.cookieParams) {
    const cookies = readCookieParams(op.cookieParams, headers.cookie);
    if (cookies instanceof ParamProblem) return problemFailure('cookie', cookies, {}, op.cookieParams.names);
    if (!op.cookieParams.validate(cookies)) {
      return { place: 'cookie', errors: op.cookieParams.validate.errors ?? [], data: cookies, order: op.cookieParams.names };
    }
  }
  // after the schemas: a value they refuse anyway keeps the API's own words for it
  const badEncoding = findBadEncoding(op, raw, pathParams);
  if (badEncoding) return badEncoding;
  const { body, mediaType } = decoded;
  const validate = mediaType ? op.requestBody?.media.byType.get(mediaType) : undefined;
  if (validate && !validate(body)) {
    return { place: 'body', errors: validate.errors ?? [], data: body, order: op.requestBody?.media.order.get(mediaType!) ?? [] };
  }
  return { pathParams: params, query, body, mediaType };
}

/** A path or query parameter whose percent-encoding is not UTF-8 (`%zz`, `%ff`), named. */
function findBadEncoding(op: Operation, raw: RawTarget, pathParams: Readonly<Record<string, string>>): ValidationFailure | undefined {
  const message = 'must be valid percent-encoded UTF-8';
  const inPath = raw.path === undefined ? undefined : findBadPathEncoding(raw.path, pathParams);
  if (inPath !== undefined) return problemFailure('path', new ParamProblem(inPath, message), { ...pathParams }, []);
  const q = op.queryParams ? (raw.target?.indexOf('?') ?? -1) : -1;
  if (q < 0) return undefined;
  const inQuery = findBadQueryEncoding(raw.target!.slice(q + 1), (key) => declaresQueryKey(op.queryParams!, key));
  return inQuery === undefined ? undefined : problemFailure('query', new ParamProblem(inQuery, message), {}, []);
}

/** A query key one of the parameters reads: its name, a deepObject's `name[…]`, a spread object's property. */
function declaresQueryKey(params: ParamValidator, key: string): boolean {
  if (params.names.includes(key)) return true;
  return params.shapes?.some((s) => key.startsWith(`${s.name}[`) || s.properties.includes(key)) ?? false;
}

/** Each shaped parameter's text replaced by its value; the first text its style cannot read. */
function shapeEach(shapes: readonly ParamShape[], values: Record<string, unknown>, trim: boolean): ParamProblem | undefined {
  for (const shape of shapes) {
    const text = values[shape.name];
    if (typeof text !== 'string') continue;
    const value = readSimpleParam(shape, text, trim);
    if (value instanceof ParamProblem) return value;
    values[shape.name] = value;
  }
  return undefined;
}

/** A parameter's text that its style refuses, as a schema error at the parameter's name. */
function problemFailure(place: ValidationPlace, problem: ParamProblem, data: unknown, order: readonly string[]): ValidationFailure {
  const instancePath = problem.name ? `/${problem.name.replace(/~/g, '~0').replace(/\//g, '~1')}` : '';
  const error: ErrorObject = { instancePath, schemaPath: '#/style', keyword: 'style', params: {}, message: problem.message };
  return { place, errors: [error], data, order };
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
 * one the answer names; bytes of a named type are not checked). `check` validates, and may
 * remember what passed (run-request.ts, the fixed memo).
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
  // an operation that declares no response at all (OpenAPI 3.1 allows it) has no answer to break
  if (!declared) return op.responses.size === 0 ? undefined : { ...base, problems: [`status ${result.status} is not declared`] };
  const validate =
    (named && declared.byType.get(named)) || declared.byType.get('application/json') || declared.byType.values().next().value;
  if (!validate) return undefined;
  // bytes in a named type (an image, a PDF) are no value a schema describes (`type: string, format: binary`)
  if (named !== undefined && Buffer.isBuffer(result.body)) return undefined;
  if (check(validate, result.body)) return undefined;
  return {
    ...base,
    problems: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`),
  };
}
