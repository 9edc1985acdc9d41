import { timingSafeEqual, createHash } from 'node:crypto';
import type { Dialect, Kit } from '../pipeline/dialect.js';
import type { Decoded, Incoming, Routed } from '../pipeline/stages.js';
import { ControlError, controlError, renderProblem } from './control-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../core/json-depth.js';

export interface ControlAccess {
  /** the key clients must send in X-Authmock-Key; undefined: open (loopback) */
  key?: string;
}

/**
 * The control API's order: route, the key (when one is required), the JSON body, the
 * spec's validation, the handler. Its answers are JSON, its errors problem+json.
 */
export function createControlDialect(access: ControlAccess): Dialect {
  const expected = access.key === undefined ? undefined : digest(access.key);
  return {
    async run(kit: Kit) {
      const { req } = kit;
      const match = await kit.route(req.path);
      if (match.kind === 'none') throw controlError('NOT_FOUND', `no control operation at ${req.path}`);
      if (match.kind === 'wrong-method') {
        throw controlError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here`, { allowed: match.allowed.join(', ') });
      }
      checkKey(req, expected);
      const routed: Routed = { op: match.op, pathParams: match.params };
      const decoded = decodeJson(req, routed);
      // open operations: no credential is read, everyone is let in
      const authorized = kit.authorize(await kit.authenticate(routed));
      if ('allowed' in authorized) throw controlError('UNAUTHORIZED', 'send the control key in X-Authmock-Key');
      const validated = kit.validate(authorized, decoded);
      if ('errors' in validated) {
        throw controlError('BAD_REQUEST', `the request does not match the control spec (${validated.place})`, {
          errors: validated.errors.slice(0, 20).map((e) => `${validated.place}${e.instancePath || ''} ${e.message}`),
        });
      }
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof ControlError)) throw new TypeError(`not a control error: ${err.code}`);
      return renderProblem(err);
    },
    serialize(result, _format, json) {
      const problem = result.status >= 400;
      const empty = result.status === 204;
      return {
        status: result.status,
        headers: empty
          ? { ...result.headers }
          : { 'Content-Type': problem ? 'application/problem+json' : 'application/json; charset=utf-8', ...result.headers },
        payload: empty ? '' : json(result.body),
      };
    },
    internalError: (reportId) => controlError('INTERNAL', `report id ${reportId}`),
    bodyTooLarge: (limit) => controlError('BODY_TOO_LARGE', `the body is larger than ${limit} bytes`),
    unavailable: () =>
      controlError('UNAVAILABLE', 'the state store is unavailable (Redis unreachable or refusing writes); try again shortly'),
  };
}

/** Off loopback the key is required; compared in constant time, never logged. */
function checkKey(req: Incoming, expected: Buffer | undefined): void {
  if (!expected) return;
  const given = req.headers['x-authmock-key'];
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
    throw controlError('UNAUTHORIZED', 'send the control key in X-Authmock-Key (printed at start, or --control-key)');
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function decodeJson(req: Incoming, routed: Routed): Decoded {
  const raw = req.rawBody;
  const declared = routed.op.requestBody;
  if (!raw || raw.length === 0) {
    if (declared?.required) throw controlError('BAD_REQUEST', 'a JSON body is required');
    return {};
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) throw controlError('UNSUPPORTED_MEDIA_TYPE', 'send application/json');
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw controlError('BAD_REQUEST', `the body is not JSON: ${(err as Error).message}`);
  }
  // claims nested thousands deep would exhaust the stack of whatever writes them (a JWT's signing)
  if (nestsDeeperThan(body, raw.length)) throw controlError('BAD_REQUEST', `the body nests deeper than ${MAX_JSON_DEPTH} levels`);
  return { body, mediaType: 'application/json' };
}
