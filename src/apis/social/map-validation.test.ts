import { describe, expect, it } from 'vitest';
import { createAjv } from '../../spec/create-ajv.js';
import { mapSocialValidation } from './map-validation.js';

// The login body's shape: username or email, then password, apiKey, secretKey.
const validate = createAjv('request', []).compile({
  type: 'object',
  required: ['password', 'apiKey', 'secretKey'],
  anyOf: [{ required: ['username'] }, { required: ['email'] }],
  properties: {
    username: { type: 'string', minLength: 1 },
    email: { type: 'string', minLength: 1 },
    password: { type: 'string', minLength: 1 },
    apiKey: { type: 'string', minLength: 1 },
    secretKey: { type: 'string', minLength: 1 },
    clientId: { type: 'integer' },
  },
});
const ORDER = ['username', 'email', 'password', 'apiKey', 'secretKey', 'clientId'];

function mapped(body: Record<string, unknown>) {
  expect(validate(body)).toBe(false);
  const err = mapSocialValidation(validate.errors!, 'body', body, ORDER);
  return { code: err.code, params: err.params };
}

describe('social validation errors', () => {
  it('names every missing field at once, in the schema order', () => {
    expect(mapped({ username: 'jane', secretKey: 's' })).toEqual({ code: 'MISSING_FIELDS', params: { fields: 'password, apiKey' } });
  });

  it('names a field that may come under either of two names as such, first', () => {
    expect(mapped({ apiKey: 'k', secretKey: 's' })).toEqual({ code: 'MISSING_FIELDS', params: { fields: 'username or email, password' } });
  });

  it('counts an empty field as missing, as a PHP form handler does', () => {
    expect(mapped({ username: 'jane', password: '', apiKey: 'k', secretKey: 's' })).toEqual({
      code: 'MISSING_FIELDS',
      params: { fields: 'password' },
    });
  });

  it('names the field of any other violation', () => {
    expect(mapped({ username: 'jane', password: 'p', apiKey: 'k', secretKey: 's', clientId: 'twelve' })).toEqual({
      code: 'INVALID_FIELD',
      params: { field: 'clientId' },
    });
  });

  it('names the body when the violation is of the whole body', () => {
    const body = ['not', 'an', 'object'];
    expect(validate(body)).toBe(false);
    expect(mapSocialValidation(validate.errors!, 'body', body, ORDER).params).toEqual({ field: 'body' });
  });
});
