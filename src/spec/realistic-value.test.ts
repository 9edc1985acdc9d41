import { describe, expect, it } from 'vitest';
import { makeRealisticValue } from './realistic-value.js';

const doc = {
  components: {
    schemas: {
      Node: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, next: { $ref: '#/components/schemas/Node' } },
      },
    },
  },
};
const make = (schema: unknown, seed = 's', more: object = {}) => makeRealisticValue(schema, { doc, seed, ...more });

describe('makeRealisticValue', () => {
  it('makes optional properties and more than the fewest items only above maxDepth', () => {
    const level = (inner: object) => ({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, note: { type: 'string' }, child: inner, list: { type: 'array', items: inner } },
    });
    const deep = level(level(level(level({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }))));
    const depthOf = (v: unknown): number => (v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0);
    const shallow = make(deep, 'd', { maxDepth: 2 }) as Record<string, any>;
    expect(shallow).toHaveProperty('child.note');
    // an object at depth 2 holds only what it requires, an array there its fewest items
    expect(Object.keys(shallow.child.child)).toEqual(['id']);
    expect(shallow.child.list).toEqual([]);
    expect(depthOf(make(deep, 'd'))).toBeGreaterThan(depthOf(shallow));
  });

  it('makes the same value from the same seed, another from another seed', () => {
    const person = { type: 'object', properties: { email: { type: 'string', format: 'email' }, firstName: { type: 'string' } } };
    expect(make(person, 'a')).toEqual(make(person, 'a'));
    expect(make(person, 'a')).not.toEqual(make(person, 'b'));
  });

  it('keeps to a pattern, lengths and bounds', () => {
    for (const seed of ['1', '2', '3', '4', '5']) {
      expect(make({ type: 'string', pattern: '^[a-f0-9]{6}$' }, seed)).toMatch(/^[a-f0-9]{6}$/);
      const s = make({ type: 'string', minLength: 5, maxLength: 7 }, seed) as string;
      expect(s.length).toBeGreaterThanOrEqual(5);
      expect(s.length).toBeLessThanOrEqual(7);
      const n = make({ type: 'number', exclusiveMinimum: 0, maximum: 1, multipleOf: 0.25 }, seed) as number;
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(1);
      expect((n * 4) % 1).toBe(0);
    }
  });

  it('takes examples, default and the first enum value in an answer, any enum value in a generated object', () => {
    expect(make({ type: 'string', example: 'Rex' }, 's', { useExamples: true })).toBe('Rex');
    expect(make({ type: 'string', enum: ['a', 'b', 'c'] }, 's', { useExamples: true })).toBe('a');
    const picked = new Set(['1', '2', '3', '4', '5', '6', '7', '8'].map((seed) => make({ enum: ['a', 'b', 'c'] }, seed)));
    expect(picked.size).toBeGreaterThan(1);
  });

  it('merges allOf, picks a non-null oneOf, and stops a recursive schema', () => {
    const merged = make({
      allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'integer' } } }, { properties: { b: { const: 1 } } }],
    });
    expect(merged).toMatchObject({ a: expect.any(Number), b: 1 });
    expect(make({ oneOf: [{ type: 'null' }, { type: 'boolean' }] })).toEqual(expect.any(Boolean));
    const deep = JSON.stringify(make({ $ref: '#/components/schemas/Node' }));
    expect(deep.split('"name"').length - 1).toBeLessThanOrEqual(8);
  });

  it('keeps only required properties when asked (an error body)', () => {
    const error = { type: 'object', required: ['code'], properties: { code: { type: 'integer' }, detail: { type: 'string' } } };
    expect(Object.keys(make(error, 's', { skipNonRequired: true }) as object)).toEqual(['code']);
  });
});
