import { timingSafeEqual, createHash } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import type { Ctx, Step } from '../pipeline/context.js';
import type { Dialect } from '../pipeline/dialect.js';
import { validateRequest } from '../pipeline/validate-request.js';
import { invokeHandler } from '../pipeline/invoke-handler.js';
import { ControlError, controlError, renderProblem } from './control-error.js';

export interface ControlAccess {
  /** the key clients must send in X-Authmock-Key; undefined: open (loopback) */
  key?: string;
}

/**
 * The control API's order: route, the key (when one is required), the JSON body, the
 * spec's validation, the handler. Its answers are JSON, its errors problem+json.
 */
export function createControlDialect(access: ControlAccess): Dialect {
  return {
    steps: [routeControl, createKeyCheck(access), decodeJson, validateRequest, invokeHandler],
    renderError(err) {
      if (!(err instanceof ControlError)) throw new TypeError(`not a control error: ${err.code}`);
      return renderProblem(err);
    },
    serialize(result) {
      const problem = result.status >= 400;
      const empty = result.status === 204;
      return {
        status: result.status,
        headers: empty
          ? { ...result.headers }
          : { 'Content-Type': problem ? 'application/problem+json' : 'application/json; charset=utf-8', ...result.headers },
        payload: empty ? '' : JSON.stringify(result.body),
      };
    },
    mapValidation: (errors: ErrorObject[], place) =>
      controlError('BAD_REQUEST', `the request does not match the control spec (${place})`, {
        errors: errors.slice(0, 20).map((e) => `${place}${e.instancePath || ''} ${e.message}`),
      }),
    readToken: () => undefined,
    notAuthorized: () => controlError('UNAUTHORIZED', 'send the control key in X-Authmock-Key'),
    internalError: (reportId) => controlError('INTERNAL', `report id ${reportId}`),
    bodyTooLarge: (limit) => controlError('BODY_TOO_LARGE', `the body is larger than ${limit} bytes`),
    unavailable: () =>
      controlError('UNAVAILABLE', 'the state store is unavailable (Redis unreachable or refusing writes); try again shortly'),
  };
}

function routeControl(ctx: Ctx): void {
  const match = ctx.api.router.match(ctx.req.method, ctx.req.path);
  if (match.kind === 'none') throw controlError('NOT_FOUND', `no control operation at ${ctx.req.path}`);
  if (match.kind === 'wrong-method') {
    throw controlError('METHOD_NOT_ALLOWED', `${ctx.req.method} is not allowed here`, { allowed: match.allowed.join(', ') });
  }
  ctx.op = match.op;
  ctx.pathParams = match.params;
}

/** Off loopback the key is required; compared in constant time, never logged. */
function createKeyCheck(access: ControlAccess): Step {
  const expected = access.key === undefined ? undefined : digest(access.key);
  return function checkControlKey(ctx: Ctx): void {
    if (!expected) return;
    const given = ctx.req.headers['x-authmock-key'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw controlError('UNAUTHORIZED', 'send the control key in X-Authmock-Key (printed at start, or --control-key)');
    }
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function decodeJson(ctx: Ctx): void {
  const raw = ctx.req.rawBody;
  const declared = ctx.op?.requestBody;
  if (!raw || raw.length === 0) {
    if (declared?.required) throw controlError('BAD_REQUEST', 'a JSON body is required');
    return;
  }
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) throw controlError('UNSUPPORTED_MEDIA_TYPE', 'send application/json');
  try {
    ctx.body = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw controlError('BAD_REQUEST', `the body is not JSON: ${(err as Error).message}`);
  }
  ctx.bodyMediaType = 'application/json';
}
