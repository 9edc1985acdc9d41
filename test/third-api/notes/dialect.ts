import type { ErrorObject } from 'ajv';
import type { HandlerResult, WireResponse } from '../../../src/core/types.js';
import type { Ctx, Dialect } from '../../../src/pipeline/context.js';
import { readBearer } from '../../../src/auth/tokens.js';
import { authenticate } from '../../../src/pipeline/authenticate.js';
import { authorize } from '../../../src/pipeline/authorize.js';
import { validateRequest } from '../../../src/pipeline/validate-request.js';
import { invokeHandler } from '../../../src/pipeline/invoke-handler.js';
import { NOTES_ERRORS, NotesError, notesError } from './error-codes.js';

/** Matches the spec's paths; a known path with another method is a 405 with Allow. */
function routeNotes(ctx: Ctx): void {
  const match = ctx.api.router.match(ctx.req.method, ctx.req.path);
  if (match.kind === 'none') throw notesError('ROUTE_NOT_FOUND');
  if (match.kind === 'wrong-method') throw notesError('METHOD_NOT_ALLOWED', { allowed: match.allowed.join(', ') });
  ctx.op = match.op;
  ctx.pathParams = match.params;
}

/** JSON objects only; an operation that declares a body gets `{}` when none came. */
function decodeNotesBody(ctx: Ctx): void {
  if (!ctx.op?.requestBody) return;
  const raw = ctx.req.rawBody;
  ctx.bodyMediaType = 'application/json';
  if (!raw || raw.length === 0) return void (ctx.body = {});
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw notesError('UNSUPPORTED_MEDIA_TYPE');
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw notesError('MALFORMED_BODY');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw notesError('MALFORMED_BODY');
  ctx.body = value;
}

function renderNotesError(err: NotesError): HandlerResult {
  const def = NOTES_ERRORS[err.code];
  const message = def.message.replace(/%([A-Za-z]+)/g, (whole, name) => (name in err.params ? String(err.params[name]) : whole));
  const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
  return { status: def.status, headers, body: { error: err.code, message } };
}

/** Route, then the token and permission, then the body: a caller without a token learns nothing of the body. */
export function createNotesDialect(): Dialect {
  return {
    steps: [routeNotes, authenticate, authorize, decodeNotesBody, validateRequest, invokeHandler],
    renderError(err) {
      if (!(err instanceof NotesError)) throw new TypeError(`not a notes error: ${err.code}`);
      return renderNotesError(err);
    },
    serialize: (result: HandlerResult): WireResponse => ({
      status: result.status,
      headers: { 'Content-Type': 'application/json', ...result.headers },
      payload: JSON.stringify(result.body),
    }),
    mapValidation: (errors: ErrorObject[], place) =>
      notesError('INVALID_BODY', { problem: errors.map((e) => `${place}${e.instancePath || ''} ${e.message}`).join('; ') }),
    readToken: (ctx) => readBearer(ctx.req.headers.authorization),
    notAuthorized: () => notesError('TOKEN_REQUIRED'),
    internalError: (reportId, detail) => notesError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => notesError('BODY_TOO_LARGE', { limit }),
    unavailable: () => notesError('UNAVAILABLE'),
  };
}
