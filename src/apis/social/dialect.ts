import type { HandlerResult, WireResponse } from '../../core/types.js';
import { fillTemplate } from '../../core/fill-template.js';
import type { Dialect, Kit } from '../../pipeline/dialect.js';
import { createSocialDecoder } from './decode-body.js';
import { mapSocialValidation } from './map-validation.js';
import { SOCIAL_ERRORS, SocialError, socialError } from './error-codes.js';
import { isThumbnailRequest, serveThumbnail } from './serve-thumbnail.js';

/** Every failure: an HTTP status and `{status: false, message}` (docs/social-api.md). */
export function renderSocialError(err: SocialError): HandlerResult {
  const def = SOCIAL_ERRORS[err.code];
  const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
  return { status: def.status, headers, body: { status: false, message: fillTemplate(def.message, err.params) } };
}

/**
 * The social login API: the body is read first (the token may travel in it), then the
 * token, the permission, the fields, and the handler. The fixtures' thumbnail links are
 * answered here too (the real images live on a CDN the spec does not describe).
 */
export function createSocialDialect(): Dialect {
  const decode = createSocialDecoder();
  return {
    async run(kit: Kit) {
      const { req } = kit;
      const match = await kit.route(req.path);
      if (match.kind === 'none') {
        if (isThumbnailRequest(req)) return serveThumbnail();
        throw socialError('ROUTE_NOT_FOUND');
      }
      if (match.kind === 'wrong-method') throw socialError('METHOD_NOT_ALLOWED', { method: req.method, allowed: match.allowed.join(', ') });
      const routed = { op: match.op, pathParams: match.params };
      const decoded = await decode(req, match.op);
      const authorized = kit.authorize(await kit.authenticate(routed, decoded));
      if ('allowed' in authorized) throw socialError('TOKEN_REQUIRED');
      const validated = kit.validate(authorized, decoded);
      if ('errors' in validated) throw mapSocialValidation(validated.errors, validated.place, validated.data, validated.order);
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof SocialError)) throw new TypeError(`not a social error: ${err.code}`);
      return renderSocialError(err);
    },
    serialize(result: HandlerResult, _format, json): WireResponse {
      if (Buffer.isBuffer(result.body)) return { status: result.status, headers: { ...result.headers }, payload: result.body };
      return { status: result.status, headers: { 'Content-Type': 'application/json', ...result.headers }, payload: json(result.body) };
    },
    internalError: (reportId, detail) => socialError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => socialError('BODY_TOO_LARGE', { limit }),
    unavailable: () => socialError('UNAVAILABLE'),
  };
}
