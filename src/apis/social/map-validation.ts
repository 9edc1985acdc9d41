import type { ErrorObject } from 'ajv';
import type { ValidationPlace } from '../../pipeline/trace.js';
import { socialError, type SocialError } from './error-codes.js';
import { valueAtInstancePath } from '../../spec/json-pointer.js';

/**
 * Missing fields are named all at once, in the schema's order; a field that may come
 * under one of two names ("username or email") is named as such.
 */
export function mapSocialValidation(errors: ErrorObject[], _place: ValidationPlace, data: unknown, order: readonly string[]): SocialError {
  const missing: string[] = [];
  const alternatives: string[] = [];
  for (const e of errors) {
    // An empty field counts as missing, as in a PHP form handler.
    const empty = e.keyword === 'minLength' && valueAtInstancePath(data, e.instancePath) === '';
    if (e.keyword !== 'required' && !empty) continue;
    const name = empty ? e.instancePath.split('/').filter(Boolean).join('.') : ((e.params as any).missingProperty as string);
    if (/\/(anyOf|oneOf)\/\d+\//.test(e.schemaPath)) alternatives.push(name);
    else missing.push(name);
  }
  const rank = (n: string) => (order.indexOf(n) < 0 ? order.length : order.indexOf(n));
  const names = [...new Set(missing)].sort((a, b) => rank(a) - rank(b));
  if (alternatives.length > 0) names.unshift([...new Set(alternatives)].join(' or '));
  if (names.length > 0) return socialError('MISSING_FIELDS', { fields: names.join(', ') });
  const other = errors.find((e) => e.instancePath) ?? errors[0];
  return socialError('INVALID_FIELD', { field: other?.instancePath.split('/').filter(Boolean).join('.') || 'body' });
}
