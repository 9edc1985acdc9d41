import { describe, expect, it } from 'vitest';
import { describeRefusal, type RefusalFacts } from './describe-refusal.js';

const base: RefusalFacts = {
  status: 400,
  auth: { outcome: 'none' },
  permission: { outcome: 'allowed', required: 'anonymous' },
  operationId: 'op',
  answer: '',
};

describe('describeRefusal: the answer says why when nothing the journal knows does', () => {
  it("fills the commerce platform's %parameters into its message", () => {
    const answer = JSON.stringify({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'customerId', fieldValue: 99 },
    });
    expect(describeRefusal({ ...base, status: 404, answer })).toBe('No such entity with customerId = 99');
    expect(describeRefusal({ ...base, answer: JSON.stringify({ message: 'The "%1" value is bad.', parameters: ['x'] }) })).toBe(
      'The "x" value is bad.',
    );
  });

  it("reads an authorization server's RFC 6749 error", () => {
    const answer = JSON.stringify({ error: 'invalid_client', error_description: 'client authentication failed' });
    expect(describeRefusal({ ...base, status: 401, answer })).toBe('invalid_client (client authentication failed)');
    expect(describeRefusal({ ...base, answer: JSON.stringify({ error: 'invalid_grant' }) })).toBe('invalid_grant');
  });

  it('reads an XML answer and a problem+json one', () => {
    expect(describeRefusal({ ...base, answer: '<?xml version="1.0"?>\n<response><message>Decoding error.</message></response>' })).toBe(
      'Decoding error.',
    );
    expect(describeRefusal({ ...base, status: 409, answer: JSON.stringify({ title: 'Conflict', detail: 'too many namespaces' }) })).toBe(
      'too many namespaces',
    );
  });

  it("cuts a token in the message to the journal's prefix", () => {
    const token = 'abcdefghij0123456789abcdefghij01';
    const said = describeRefusal({
      ...base,
      answer: JSON.stringify({ message: `token ${token} refused` }),
      tokenShapes: [/^[0-9a-z]{32}$/],
    });
    expect(said).toBe('token abcdef… refused');
  });

  it('says the status when the answer has no message', () => {
    expect(describeRefusal({ ...base, status: 406, answer: '' })).toBe('HTTP 406');
  });

  it('names a steering rule that made the answer', () => {
    expect(describeRefusal({ ...base, status: 401, steered: { rule: 'r1', status: 401 } })).toBe('steered: rule r1 answers 401');
  });
});
