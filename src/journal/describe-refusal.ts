import type { AuthInfo, NearestOperation, PermissionInfo, SteeredInfo } from './journal.js';
import { redact } from './redact.js';

/** What the journal knows of a refused request, and what the pipeline noted on the way. */
export interface RefusalFacts {
  status: number;
  auth: AuthInfo;
  permission: PermissionInfo;
  operationId?: string;
  /** for an unmatched request: the operation it was likely meant for */
  nearest?: () => NearestOperation | undefined;
  steered?: SteeredInfo;
  /** the spec check the request failed: where, and at which field */
  invalid?: { place: string; field: string };
  /** a handler's own words ("locked out until ..."), for refusals whose answer does not tell them apart */
  refusal?: string;
  /** the answer's body: its message says why when nothing above does */
  answer: string;
  /** every API's token shapes: a token in the answer's message is cut to its prefix */
  tokenShapes?: readonly RegExp[];
}

/**
 * Why a request got a 4xx or 5xx, in the journal's terms: "no credential; needs self",
 * "unknown token 0eeyl0…", "missing permission Magento_Customer::customer", "request
 * invalid against the spec: body field password", "locked out until ...". Never a
 * secret: tokens show the journal's 6-character prefix, field names never their values.
 */
export function describeRefusal(f: RefusalFacts): string {
  if (f.steered?.status !== undefined) return `steered: rule ${f.steered.rule} answers ${f.steered.status}`;
  if (f.refusal) return f.refusal;
  if (f.invalid) return `request invalid against the spec: ${f.invalid.place}${f.invalid.field ? ` field ${f.invalid.field}` : ''}`;
  if (f.permission.outcome === 'refused') {
    // a scope or being the owner, where the caller lacked one of several; else the built-ins' permission
    const { missing, required } = f.permission;
    if (f.auth.outcome === 'ok')
      return missing && missing !== required ? `missing ${missing} (needs ${required})` : `missing permission ${required}`;
    return `${describeAuth(f.auth)}; needs ${f.permission.required}`;
  }
  const said = messageOf(f.answer, f.tokenShapes);
  if (f.auth.outcome === 'refused') return said ? `OAuth 1.0a request refused: ${said}` : (f.auth.detail ?? 'credentials refused');
  if (!f.operationId) {
    const nearest = f.nearest?.();
    if (nearest && !nearest.mismatch.startsWith('nothing'))
      return `no operation matches: ${nearest.mismatch}; nearest is ${nearest.operationId}`;
  }
  return said ?? `HTTP ${f.status}`;
}

/** The journal's outcome in words (the inspector says the same). */
function describeAuth(auth: AuthInfo): string {
  const token = auth.tokenPrefix ? `token ${auth.tokenPrefix}…` : 'the token';
  const detail = auth.detail ? ` (${auth.detail})` : '';
  switch (auth.outcome) {
    case 'none':
      return 'no credential';
    case 'malformed':
      return `malformed token ${auth.tokenPrefix ?? ''}…`;
    case 'unknown':
      // a Basic credential has no token: its verdict says whose it is not ("no user bob")
      return auth.tokenPrefix || !auth.detail ? `unknown ${auth.tokenPrefix ? token : 'credential'}` : auth.detail;
    case 'invalid':
      return auth.detail ?? 'invalid credential';
    case 'expired':
      return `expired ${token}${detail}`;
    case 'revoked':
      return `revoked ${token}${detail}`;
    case 'other-api':
      return `${token} belongs to another API${detail}`;
    case 'no-identity':
      return `${token} belongs to a user that no longer exists`;
    default:
      return `${auth.outcome}${detail}`;
  }
}

/**
 * The message an error answer carries: JSON `message` (with the commerce platform's
 * `%name` parameters filled in), `detail` or OAuth's `error` and `error_description`, or XML
 * `<message>`; tokens cut to a prefix.
 */
function messageOf(answer: string, tokenShapes: readonly RegExp[] | undefined): string | undefined {
  const text = readMessage(answer)?.trim();
  return text ? redact('body', text.replace(/\s+/g, ' '), { contentType: 'text/plain', tokenShapes }) : undefined;
}

function readMessage(answer: string): string | undefined {
  if (/^\s*</.test(answer)) return /<message>([^<]*)<\/message>/.exec(answer)?.[1];
  try {
    const body = JSON.parse(answer) as {
      message?: unknown;
      detail?: unknown;
      parameters?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (typeof body?.message === 'string') return fillParameters(body.message, body.parameters);
    // an authorization server's refusal (RFC 6749 §5.2)
    if (typeof body?.error === 'string')
      return typeof body.error_description === 'string' ? `${body.error} (${body.error_description})` : body.error;
    return typeof body?.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}

function fillParameters(message: string, parameters: unknown): string {
  if (!parameters || typeof parameters !== 'object') return message;
  // named (%fieldName) or, as a list, positional from %1
  const valueOf = (name: string) =>
    Array.isArray(parameters) ? parameters[Number(name) - 1] : (parameters as Record<string, unknown>)[name];
  return message.replace(/%(\w+)/g, (whole, name: string) => {
    const value = valueOf(name);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}
