import { describe, expect, it } from 'vitest';
import { pickMediaType } from './pick-media-type.js';

describe('pickMediaType', () => {
  const types = ['text/csv', 'application/json', 'image/png'];

  it.each([
    [undefined, 1],
    ['', 1],
    ['*/*', 1],
    ['text/csv', 0],
    ['TEXT/CSV', 0],
    ['image/*', 2],
    ['text/csv;q=0.4, image/png;q=0.6', 2],
    ['text/csv, application/json', 1],
    ['application/json;q=0, */*;q=0.1', 0],
    ['image/*;q=0.9, image/png;q=0', 1],
    ['application/xml', 1],
    ['text/csv;q=oops', 0],
  ] as const)('Accept %j picks the %ith', (accept, index) => {
    expect(pickMediaType(types, accept)).toBe(index);
  });

  it('falls back to the first declared type where JSON is not declared', () => {
    expect(pickMediaType(['application/octet-stream', 'text/plain'], undefined)).toBe(0);
    expect(pickMediaType(['application/octet-stream', 'text/plain'], 'application/json')).toBe(0);
    expect(pickMediaType(['application/octet-stream', 'text/plain'], 'text/plain')).toBe(1);
  });
});
