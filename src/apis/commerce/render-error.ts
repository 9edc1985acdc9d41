import type { HandlerResult } from '../../core/types.js';
import { fillTemplate } from '../../core/fill-template.js';
import { COMMERCE_ERRORS, type CommerceError, type CommerceErrorCode, type CommerceErrorDef } from './error-codes.js';

/** The platform's error body: message, then errors, parameters and (developer mode) trace. */
export function renderCommerceError(err: CommerceError, dev: boolean): HandlerResult {
  const def: CommerceErrorDef = COMMERCE_ERRORS[err.code];
  const body: Record<string, unknown> = {};
  if (def.kind === 'webapi') {
    body.message =
      dev && def.devMessage && err.detail ? fillTemplate(def.devMessage, { detail: err.detail }) : fillTemplate(def.message, err.params);
  } else {
    body.message = def.message;
    const { errors, ...params } = err.params as { errors?: { code: CommerceErrorCode; params: Record<string, unknown> }[] };
    if (errors) body.errors = errors.map((e) => ({ message: COMMERCE_ERRORS[e.code].message, parameters: e.params }));
    // Positional placeholders (%1, %2) render their values as a list, named ones as an object.
    if (Object.keys(params).length > 0) body.parameters = /%\d/.test(def.message) ? Object.values(params) : params;
  }
  // Developer mode: masked platform exceptions carry their stack, framework ones null.
  if (dev) body.trace = def.kind === 'localized' ? traceOf(err) : null;
  return { status: def.status, body };
}

function traceOf(err: CommerceError): string {
  return (err.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line, i) => `#${i} ${line.trim().replace(/^at /, '')}`)
    .join('\n');
}
