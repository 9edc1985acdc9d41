import { describe, expect, it } from 'vitest';
import { createAjv } from '../../spec/create-ajv.js';
import { mapCommerceValidation } from './map-validation.js';

// Request validators coerce as the platform casts input, so a number is a fine string but a list is not.
const validate = createAjv('request', []).compile({
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 80 },
    password: { type: 'string', minLength: 1, maxLength: 10 },
    websiteId: { type: 'integer' },
    note: { type: 'string', maxLength: 100 },
  },
});
const ORDER = ['username', 'password', 'websiteId', 'note'];

function mapped(body: Record<string, unknown>) {
  expect(validate(body)).toBe(false);
  const err = mapCommerceValidation(validate.errors!, 'body', body, ORDER);
  return { code: err.code, params: err.params };
}

describe('commerce validation errors in the platform words', () => {
  it('names one missing field alone', () => {
    expect(mapped({ username: 'roni' })).toEqual({ code: 'FIELD_REQUIRED', params: { fieldName: 'password' } });
  });

  it('counts an empty field as missing', () => {
    expect(mapped({ username: '', password: 'p' })).toEqual({ code: 'FIELD_REQUIRED', params: { fieldName: 'username' } });
  });

  it('collects several missing fields, in the order the platform checks them', () => {
    expect(mapped({ password: '' })).toEqual({
      code: 'INPUT_EXCEPTIONS',
      params: {
        errors: [
          { code: 'FIELD_REQUIRED', params: { fieldName: 'username' } },
          { code: 'FIELD_REQUIRED', params: { fieldName: 'password' } },
        ],
      },
    });
  });

  it('stops at a value of the wrong type, before any missing field, naming the PHP type', () => {
    expect(mapped({ username: ['x'] })).toEqual({ code: 'INVALID_TYPE', params: { value: 'array', type: 'string' } });
    expect(mapped({ username: 'a', password: 'b', websiteId: 'one' })).toEqual({
      code: 'INVALID_TYPE',
      params: { value: 'one', type: 'int' },
    });
  });

  it('calls anything else an invalid value of the field', () => {
    expect(mapped({ username: 'a', password: 'b', note: 'n'.repeat(101) })).toEqual({
      code: 'INVALID_FIELD_VALUE',
      params: { fieldName: 'note', value: `${'n'.repeat(61)}...` },
    });
  });

  it('never shows a password in an invalid-value error', () => {
    expect(mapped({ username: 'a', password: 'much-too-long-secret' })).toEqual({
      code: 'INVALID_FIELD_VALUE',
      params: { fieldName: 'password', value: '******' },
    });
  });
});
