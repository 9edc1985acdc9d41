import { describe, expect, it } from 'vitest';
import { socialError } from './error-codes.js';
import { renderSocialError } from './dialect.js';

describe('social error bodies', () => {
  it('answers the code status with {status: false, message}', () => {
    expect(renderSocialError(socialError('TOKEN_REQUIRED'))).toEqual({
      status: 401,
      headers: undefined,
      body: { status: false, message: 'The userToken is missing, invalid or revoked.' },
    });
  });

  it('fills the placeholders of the message from the parameters', () => {
    expect(renderSocialError(socialError('MISSING_FIELDS', { fields: 'username or email, password' })).body).toEqual({
      status: false,
      message: 'Missing required parameters: username or email, password.',
    });
  });

  it('names the allowed methods in an Allow header when the method is wrong', () => {
    expect(renderSocialError(socialError('METHOD_NOT_ALLOWED', { method: 'GET', allowed: 'POST' }))).toEqual({
      status: 405,
      headers: { Allow: 'POST' },
      body: { status: false, message: 'The GET method is not allowed here. Use POST.' },
    });
  });

  it('never shows the detail of an error, which is for the log', () => {
    const result = renderSocialError(socialError('INTERNAL', { reportId: 'abc123' }, 'secret stack'));
    expect(result).toMatchObject({ status: 500, body: { status: false, message: 'Internal server error. Report ID: abc123' } });
    expect(JSON.stringify(result)).not.toContain('secret stack');
  });
});
