import type { HandlerResult, WireResponse } from '../../core/types.js';
import type { Dialect } from '../../pipeline/dialect.js';
import type { PathResolver } from './resolve-path.js';
import { renderServerError, ServerApiError, type ServerErrorCode } from './server-errors.js';

/**
 * The authorization server's order: where the path leads (its own endpoints, the
 * well-known documents, a spec's flow URLs), the method, then the endpoint's handler,
 * which authenticates the client itself (RFC 6749 §2.3) and answers RFC 6749 §5's JSON,
 * a redirect or the login page. Nothing of a spec's security applies to these requests.
 */
export function createServerDialect(name: string, resolver: PathResolver): Dialect {
  const fail = (code: ServerErrorCode, description: string, headers?: Record<string, string>) =>
    new ServerApiError(name, code, description, headers);
  return {
    async run(kit) {
      const { req } = kit;
      const target = resolver.resolve(req.path);
      if (!target) throw fail('NOT_FOUND', `the authorization server has no endpoint at ${req.path}`);
      const match = await kit.route(target.endpoint);
      if (match.kind === 'none') throw fail('NOT_FOUND', `the authorization server has no endpoint at ${req.path}`);
      if (match.kind === 'wrong-method') {
        const allowed = match.allowed.join(', ');
        throw fail('METHOD_NOT_ALLOWED', `${req.method} is not allowed at ${req.path} (allowed: ${allowed})`, { Allow: allowed });
      }
      const routed = { op: match.op, pathParams: match.params };
      const authorized = kit.authorize(await kit.authenticate(routed));
      if ('allowed' in authorized) throw fail('INTERNAL', 'the endpoints are open');
      // handlers read the form themselves (repeated fields, JSON alike): the spec only names the endpoints
      const validated = kit.validate(authorized, {});
      if ('errors' in validated) throw fail('INVALID_REQUEST', `the request is not valid (${validated.place})`);
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof ServerApiError)) throw new TypeError(`not an error of ${name}: ${err.code}`);
      return renderServerError(err);
    },
    serialize: serializeAnswer,
    internalError: (reportId) => fail('INTERNAL', `report id ${reportId}`),
    bodyTooLarge: (limit) => fail('BODY_TOO_LARGE', `the body is larger than ${limit} bytes`),
    unavailable: () => fail('UNAVAILABLE', 'the state store is unavailable; try again shortly'),
  };
}

/** JSON, a page's HTML as it is, or nothing (a redirect, a revocation). */
function serializeAnswer(result: HandlerResult, _format: 'json' | 'xml', json: (value: unknown) => string): WireResponse {
  const headers = { ...result.headers };
  if (result.body === undefined) return { status: result.status, headers, payload: '' };
  if (typeof result.body === 'string' && headers['Content-Type']?.startsWith('text/'))
    return { status: result.status, headers, payload: result.body };
  headers['Content-Type'] ??= 'application/json';
  return { status: result.status, headers, payload: json(result.body) };
}
