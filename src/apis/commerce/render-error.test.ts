import { describe, expect, it } from 'vitest';
import { commerceError } from './error-codes.js';
import { renderCommerceError } from './render-error.js';

describe('commerce error bodies', () => {
  it('keeps the placeholders of a localized error and gives their values as parameters', () => {
    expect(renderCommerceError(commerceError('NOT_AUTHORIZED', { resources: 'self' }), false)).toEqual({
      status: 401,
      body: { message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } },
    });
  });

  it('substitutes the placeholders of a web API error and gives no parameters', () => {
    expect(renderCommerceError(commerceError('INVALID_TYPE', { value: 'array', type: 'string' }), false)).toEqual({
      status: 400,
      body: { message: 'The "array" value\'s type is invalid. The "string" type was expected. Verify and try again.' },
    });
  });

  it('leaves out parameters when a localized error has none', () => {
    expect(renderCommerceError(commerceError('SIGN_IN_INCORRECT'), false).body).toEqual({
      message: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
    });
  });

  it('lists the errors of an aggregate input error, each with its own message and parameters', () => {
    const err = commerceError('INPUT_EXCEPTIONS', {
      errors: [
        { code: 'FIELD_REQUIRED', params: { fieldName: 'username' } },
        { code: 'FIELD_REQUIRED', params: { fieldName: 'password' } },
      ],
    });
    expect(renderCommerceError(err, false)).toEqual({
      status: 400,
      body: {
        message: 'One or more input exceptions have occurred.',
        errors: [
          { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'username' } },
          { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'password' } },
        ],
      },
    });
  });

  it('shows the detail of an error only in developer mode', () => {
    const err = commerceError('DECODING_ERROR', {}, 'Syntax error at 1:5');
    expect(renderCommerceError(err, false).body).toEqual({ message: 'Decoding error.' });
    expect(renderCommerceError(err, true).body).toEqual({ message: 'Decoding error: \nSyntax error at 1:5', trace: null });
    const internal = commerceError('INTERNAL', { reportId: 'abc' }, 'db is down');
    expect(renderCommerceError(internal, false).body).toEqual({
      message: 'Internal Error. Details are available in Magento log file. Report ID: webapi-abc',
    });
    expect(renderCommerceError(internal, true)).toEqual({ status: 500, body: { message: 'db is down', trace: null } });
  });

  it('uses the plain message in developer mode when there is no detail', () => {
    expect(renderCommerceError(commerceError('DECODING_ERROR'), true).body).toEqual({ message: 'Decoding error.', trace: null });
  });

  it('adds a stack trace to localized errors in developer mode, numbered as PHP prints it, and null to framework ones', () => {
    const { body } = renderCommerceError(commerceError('NO_SUCH_ENTITY', { fieldName: 'customerId', fieldValue: 7 }), true) as {
      body: Record<string, unknown>;
    };
    expect(Object.keys(body)).toEqual(['message', 'parameters', 'trace']);
    expect(body.trace).toMatch(/^#0 \S/);
    expect((body.trace as string).split('\n').every((line, i) => line.startsWith(`#${i} `))).toBe(true);
    expect(renderCommerceError(commerceError('NO_ROUTE'), true).body).toEqual({
      message: 'Request does not match any route.',
      trace: null,
    });
  });
});
