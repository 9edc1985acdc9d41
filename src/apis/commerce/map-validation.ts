import type { ErrorObject } from 'ajv';
import type { ValidationPlace } from '../../pipeline/trace.js';
import { commerceError, type CommerceError } from './error-codes.js';
import { valueAtInstancePath } from '../../spec/json-pointer.js';

const PHP_TYPES: Record<string, string> = {
  integer: 'int',
  number: 'float',
  string: 'string',
  boolean: 'bool',
  array: 'array',
  object: 'array',
};

/**
 * Schema violations in the platform's words, in its order: a value of the wrong type
 * stops at once; missing or empty fields are collected (one field: a single message,
 * several: "One or more input exceptions"); anything else is an invalid value.
 */
export function mapCommerceValidation(
  errors: ErrorObject[],
  _place: ValidationPlace,
  data: unknown,
  order: readonly string[],
): CommerceError {
  const field = (e: ErrorObject) =>
    e.keyword === 'required' ? (e.params as any).missingProperty : e.instancePath.split('/').filter(Boolean).join('.');
  const value = (e: ErrorObject) => valueAtInstancePath(data, e.instancePath);

  const typeError = errors.find((e) => e.keyword === 'type');
  if (typeError) {
    const v = value(typeError);
    const shown = v !== null && typeof v === 'object' ? 'array' : String(v);
    return commerceError('INVALID_TYPE', {
      value: shown,
      type: PHP_TYPES[(typeError.params as any).type] ?? (typeError.params as any).type,
    });
  }
  const missing = errors.filter((e) => e.keyword === 'required' || (e.keyword === 'minLength' && value(e) === '')).map(field);
  if (missing.length > 0) {
    const names = [...new Set(missing)].sort((a, b) => rank(order, a) - rank(order, b));
    if (names.length === 1) return commerceError('FIELD_REQUIRED', { fieldName: names[0] });
    return commerceError('INPUT_EXCEPTIONS', {
      errors: names.map((fieldName) => ({ code: 'FIELD_REQUIRED', params: { fieldName } })),
    });
  }
  const other = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if') ?? errors[0];
  const fieldName = other ? field(other) : '';
  return commerceError('INVALID_FIELD_VALUE', { value: shownValue(fieldName, other ? value(other) : undefined), fieldName });
}

/** The value as the error may show it: never a secret, never longer than 64 characters. */
function shownValue(fieldName: string, v: unknown): string {
  if (/password|secret|token/i.test(fieldName)) return '******';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

function rank(order: readonly string[], name: string): number {
  const i = order.indexOf(name);
  return i < 0 ? order.length : i;
}
