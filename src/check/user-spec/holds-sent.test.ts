import { describe, expect, it } from 'vitest';
import { holdsSent } from './holds-sent.js';

describe('holdsSent', () => {
  it('takes scalars as equal, objects in any order and with more properties, arrays element by element', () => {
    expect(holdsSent('a', 'a')).toBe(true);
    expect(holdsSent(1, '1')).toBe(false);
    expect(holdsSent(null, null)).toBe(true);
    expect(holdsSent({ b: 2, a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(holdsSent({ id: '0', type: 'folder' }, { id: '0' })).toBe(true);
    expect(holdsSent({ id: '1' }, { id: '0' })).toBe(false);
    expect(holdsSent({}, { id: '0' })).toBe(false);
    expect(holdsSent([{ id: 1, x: 2 }], [{ id: 1 }])).toBe(true);
    expect(holdsSent([{ id: 1 }, { id: 2 }], [{ id: 1 }])).toBe(false);
    expect(holdsSent({ a: [1] }, { a: 1 })).toBe(false);
    expect(holdsSent([1], { 0: 1 })).toBe(false);
  });
});
