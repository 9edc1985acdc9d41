import { describe, expect, it } from 'vitest';
import { matchingString, satisfies, withPatternExamples } from '../../../src/check/user-spec/schema-values.js';

describe('values made to satisfy a schema', () => {
  it('makes a string that matches a pattern and its lengths, the same one every run', () => {
    const schema = { type: 'string', pattern: '^[a-z]{2,32}$' };
    const value = matchingString(schema);
    expect(value).toMatch(/^[a-z]{2,32}$/);
    expect(matchingString(schema)).toBe(value);
    expect(matchingString(schema, 2)).toMatch(/^[a-z]{2,32}$/);
    expect(matchingString({ type: 'string', pattern: '^[A-Z]{3}-\\d+$', maxLength: 6 })).toMatch(/^[A-Z]{3}-\d{1,2}$/);
  });

  it('makes none where no string satisfies the schema, or its pattern is no regular expression', () => {
    expect(matchingString({ type: 'string', pattern: '^[a-z]{2}$', minLength: 5 })).toBeUndefined();
    expect(matchingString({ type: 'string', pattern: '([' })).toBeUndefined();
  });

  it('judges a value by the schema as a request is validated: a parameter text "7" is an integer', () => {
    expect(satisfies({ type: 'integer', minimum: 1 }, '7')).toBe(true);
    expect(satisfies({ type: 'integer', minimum: 1 }, '0')).toBe(false);
    expect(satisfies({ type: 'string', format: 'uuid' }, 'authmock-check')).toBe(false);
    expect(satisfies({ type: 'string', enum: ['a', 'b'] }, 'b')).toBe(true);
  });

  it('gives the sampler an example for each patterned string without a value of its own, and touches nothing else', () => {
    const doc = {
      components: {
        schemas: {
          Code: { type: 'string', pattern: '^[A-Z]{3}$' },
          Named: { type: 'string', pattern: '^[a-z]+$', example: 'given' },
          // a property called `pattern` is a name, not the keyword
          Rule: { type: 'object', properties: { pattern: { type: 'string' } } },
        },
      },
    };
    const out = withPatternExamples(doc);
    expect(out.components.schemas.Code).toEqual({ type: 'string', pattern: '^[A-Z]{3}$', example: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(out.components.schemas.Named.example).toBe('given');
    expect(out.components.schemas.Rule).toEqual(doc.components.schemas.Rule);
    expect(doc.components.schemas.Code).not.toHaveProperty('example');
    expect(withPatternExamples(doc)).toBe(out);
  });
});
