import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src/check/report/record-exchange.js';

describe("a user spec's API keys in reports", () => {
  it('are masked in headers and query parameters whatever the scheme calls them', () => {
    const ex = {
      request: {
        method: 'GET',
        url: 'http://h/api/x?partner=pk-1234567890&page=2',
        headers: { 'X-Partner': 'pk-1234567890', Accept: 'application/json' },
      },
      status: 401,
      headers: new Headers(),
      mediaType: '',
      text: '',
      ms: 1,
    };
    const plain = recordExchange(ex);
    expect(plain.request.headers['x-partner']).toBe('pk-1234567890');
    const masked = recordExchange(ex, ['X-Partner', 'partner']);
    expect(masked.request.headers['x-partner']).toBe('pk-1… (13 chars)');
    expect(masked.request.url).toBe('http://h/api/x?partner=pk-1… (13 chars)&page=2');
  });
});
