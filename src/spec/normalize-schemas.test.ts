import { describe, expect, it } from 'vitest';
import { normalizeSchemas } from './normalize-schemas.js';

describe("OpenAPI 3.0's boolean exclusiveMinimum and exclusiveMaximum in a 3.1 document", () => {
  it('become the exclusive bound of minimum and maximum, each place named; data and numeric bounds are left alone', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/a/{b}': {
          get: {
            parameters: [{ name: 'n', in: 'query', schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }],
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { up: { type: 'number', maximum: 9, exclusiveMaximum: true } } },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Open: { type: 'number', minimum: 1, exclusiveMinimum: false, maximum: 2, exclusiveMaximum: false },
          Lone: { oneOf: [{ type: 'string' }, { type: 'number', exclusiveMinimum: true }] },
          Fine: { type: 'number', exclusiveMinimum: 0, example: { minimum: 0, exclusiveMinimum: true } },
        },
      },
    };
    const mended = normalizeSchemas(doc);
    expect(mended).toEqual({
      count: 0,
      booleanBounds: [
        '/components/schemas/Open',
        '/components/schemas/Lone/oneOf/1',
        '/paths/~1a~1{b}/get/parameters/0/schema',
        '/paths/~1a~1{b}/get/responses/200/content/application~1json/schema/properties/up',
      ],
    });
    const { schemas } = doc.components;
    expect(doc.paths['/a/{b}'].get.parameters[0].schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(doc.paths['/a/{b}'].get.responses['200'].content['application/json'].schema.properties.up).toEqual({
      type: 'number',
      exclusiveMaximum: 9,
    });
    expect(schemas.Open).toEqual({ type: 'number', minimum: 1, maximum: 2 });
    expect(schemas.Lone.oneOf[1]).toEqual({ type: 'number' }); // no bound to make exclusive
    expect(schemas.Fine).toEqual({ type: 'number', exclusiveMinimum: 0, example: { minimum: 0, exclusiveMinimum: true } });
  });
});
