import type { HandlerResult, WireResponse } from '../../../src/core/types.js';
import { fillTemplate } from '../../../src/core/fill-template.js';
import type { Dialect, Kit } from '../../../src/pipeline/dialect.js';
import type { Decoded, Incoming, Routed } from '../../../src/pipeline/stages.js';
import { NOTES_ERRORS, NotesError, notesError } from './error-codes.js';

/** JSON objects only; an operation that declares a body gets `{}` when none came. */
function decodeNotesBody(req: Incoming, routed: Routed): Decoded {
  if (!routed.op.requestBody) return {};
  const raw = req.rawBody;
  if (!raw || raw.length === 0) return { body: {}, mediaType: 'application/json' };
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw notesError('UNSUPPORTED_MEDIA_TYPE');
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw notesError('MALFORMED_BODY');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw notesError('MALFORMED_BODY');
  return { body: value, mediaType: 'application/json' };
}

function renderNotesError(err: NotesError): HandlerResult {
  const def = NOTES_ERRORS[err.code];
  const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
  return { status: def.status, headers, body: { error: err.code, message: fillTemplate(def.message, err.params) } };
}

/** Route, then the token and permission, then the body: a caller without a token learns nothing of the body. */
export function createNotesDialect(): Dialect {
  return {
    async run(kit: Kit) {
      const { req } = kit;
      const match = await kit.route(req.path);
      if (match.kind === 'none') throw notesError('ROUTE_NOT_FOUND');
      if (match.kind === 'wrong-method') throw notesError('METHOD_NOT_ALLOWED', { allowed: match.allowed.join(', ') });
      const routed = { op: match.op, pathParams: match.params };
      const authorized = kit.authorize(await kit.authenticate(routed));
      if ('allowed' in authorized) throw notesError('TOKEN_REQUIRED');
      const validated = kit.validate(authorized, decodeNotesBody(req, routed));
      if ('errors' in validated) {
        throw notesError('INVALID_BODY', {
          problem: validated.errors.map((e) => `${validated.place}${e.instancePath || ''} ${e.message}`).join('; '),
        });
      }
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof NotesError)) throw new TypeError(`not a notes error: ${err.code}`);
      return renderNotesError(err);
    },
    serialize: (result: HandlerResult, _format, json): WireResponse => ({
      status: result.status,
      headers: { 'Content-Type': 'application/json', ...result.headers },
      payload: json(result.body),
    }),
    internalError: (reportId, detail) => notesError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => notesError('BODY_TOO_LARGE', { limit }),
    unavailable: () => notesError('UNAVAILABLE'),
  };
}
