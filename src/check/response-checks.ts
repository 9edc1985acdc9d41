import { XMLValidator } from 'fast-xml-parser';
import type { OperationModel } from './spec-model.js';
import type { Exchange } from './http-client.js';
import { isXmlType } from './encode-body.js';
import { maskText } from './report/mask-secrets.js';

export interface CheckOutcome {
  name: string;
  passed: boolean;
  message?: string;
  /** the status is one the spec should declare and does not (CheckResult.specOmits) */
  specOmits?: boolean;
}

/**
 * The checks every answer gets, named as Schemathesis names them: no 5xx, a declared
 * status, a declared content type, and a body matching its schema (XML: well-formed).
 * `asked`: the status is the refusal the case asked for.
 */
export function checkResponse(model: OperationModel, ex: Exchange, asked = false): CheckOutcome[] {
  const out: CheckOutcome[] = [];
  const add = (name: string, problem?: string, specOmits = false) =>
    out.push(problem ? { name, passed: false, message: problem, ...(specOmits ? { specOmits } : {}) } : { name, passed: true });
  add('not_a_server_error', ex.status >= 500 ? `answered ${ex.status}: ${snippet(ex.text, 600)}` : undefined);
  // Prism validates XML answers as if they were JSON: its verdict on them means nothing.
  const violations = isXmlType(ex.mediaType) ? undefined : responseViolations(ex.headers.get('sl-violations'));
  if (violations) add('proxy_reported_violations', `the validating proxy reported: ${snippet(violations, 600)}`);
  const key = findStatusKey(model, ex.status);
  if (!key) {
    const declared = [...model.responseTypes.keys()];
    // the spec declares only its errors: whatever success the server answers, the spec left it out
    const noSuccess = ex.status >= 200 && ex.status < 300 && !declared.some((k) => /^2/.test(k));
    add('status_code_conformance', `status ${ex.status} is not declared (declared: ${declared.join(', ')})`, asked || noSuccess);
    return out;
  }
  add('status_code_conformance');
  const declared = model.responseTypes.get(key) ?? [];
  if (declared.length === 0) {
    const fine = ex.text === '' || model.bodyUndescribed;
    add('content_type_conformance', fine ? undefined : `status ${key} declares no body, got ${ex.text.length} bytes`);
    return out;
  }
  const type = declared.find((t) => typeMatches(ex.mediaType, t));
  if (!type) {
    add(
      'content_type_conformance',
      `Content-Type "${ex.mediaType || '(none)'}" is not declared for ${key} (declared: ${declared.join(', ')})`,
    );
    return out;
  }
  add('content_type_conformance');
  if (isXmlType(ex.mediaType)) add('xml_well_formedness', checkXml(ex.text));
  else if (ex.mediaType === 'application/json' || ex.mediaType.endsWith('+json'))
    add('response_schema_conformance', checkJson(model, key, type, ex.text));
  return out;
}

/** The response key that covers a status: exact, then `4XX`, then `default`. */
export function findStatusKey(model: OperationModel, status: number): string | undefined {
  const keys = [...model.responseTypes.keys()];
  return (
    keys.find((k) => k === String(status)) ??
    keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((k) => k.toLowerCase() === 'default')
  );
}

/**
 * Prism's `sl-violations` header (sent without --errors) lists request and response
 * problems; only the response's are the target's fault, negative cases cause the others.
 */
function responseViolations(header: string | null): string | undefined {
  if (!header) return undefined;
  try {
    const list = (JSON.parse(header) as { location?: string[] }[]).filter((v) => v.location?.[0] === 'response');
    return list.length ? JSON.stringify(list) : undefined;
  } catch {
    return header;
  }
}

function typeMatches(actual: string, declared: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

function checkJson(model: OperationModel, key: string, type: string, text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the body is not valid JSON: ${snippet(text)}`;
  }
  const validate = model.op.responses.get(key)?.byType.get(type);
  if (!validate) return undefined; // declared without a schema: anything goes
  if (validate(body)) return undefined;
  const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
  return `the body does not match the ${key} ${type} schema: ${problems.join('; ')}`;
}

function checkXml(text: string): string | undefined {
  if (text.trim() === '') return 'the XML body is empty';
  const result = XMLValidator.validate(text);
  return result === true ? undefined : `the body is not well-formed XML: ${result.err.msg} (line ${result.err.line})`;
}

/** The start of an answer for a message, flattened and with its secrets masked (a user's spec may echo a password). */
export function snippet(text: string, max = 200): string {
  const flat = maskText(text.replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
