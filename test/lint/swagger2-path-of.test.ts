import { describe, expect, test } from 'vitest';
import { swagger2PathOf } from '../../src/lint/swagger2-path-of.js';

const ORIGINAL = {
  swagger: '2.0',
  host: 'api.example.com',
  securityDefinitions: { oauth: { type: 'oauth2', flow: 'accessCode', scopes: { read: 'Read' } }, basic: { type: 'basic' } },
  parameters: { Limit: { name: 'limit', in: 'query', type: 'integer' } },
  paths: {
    '/a': {
      parameters: [{ name: 'trace', in: 'header', type: 'string' }],
      get: {
        parameters: [{ $ref: '#/parameters/Limit' }, { name: 'q', in: 'query', type: 'string' }],
        responses: { 200: { description: 'ok', schema: { type: 'object' }, examples: { 'application/json': { a: 1 } } } },
      },
      post: {
        parameters: [
          { name: 'x', in: 'header', type: 'string' },
          { name: 'body', in: 'body', schema: { $ref: '#/definitions/X' } },
        ],
        responses: { 201: { description: 'created', headers: { Location: { type: 'string' } } } },
      },
      put: {
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [{ name: 'name', in: 'formData', type: 'string' }],
        responses: {},
      },
    },
  },
  definitions: { X: { type: 'object', properties: { id: { type: 'integer', example: 1 } } } },
};

describe('a place in the upgraded 3.1 document, found in the Swagger 2.0 one', () => {
  test.each([
    [['openapi'], ['swagger']],
    [['servers', 0, 'url'], ['host']],
    [
      ['components', 'schemas', 'X', 'properties', 'id'],
      ['definitions', 'X', 'properties', 'id'],
    ],
    [
      ['components', 'schemas', 'X', 'properties', 'id', 'examples', 0],
      ['definitions', 'X', 'properties', 'id', 'example'],
    ],
    [
      ['components', 'securitySchemes', 'oauth', 'flows', 'authorizationCode', 'scopes'],
      ['securityDefinitions', 'oauth', 'scopes'],
    ],
    [
      ['components', 'securitySchemes', 'basic', 'scheme'],
      ['securityDefinitions', 'basic', 'type'],
    ],
    [
      ['components', 'parameters', 'Limit', 'schema', 'type'],
      ['parameters', 'Limit', 'type'],
    ],
    [
      ['paths', '/a', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
      ['paths', '/a', 'get', 'responses', '200', 'schema', 'type'],
    ],
    [
      ['paths', '/a', 'get', 'responses', '200', 'content', 'application/json', 'examples', 'default', 'value', 'a'],
      ['paths', '/a', 'get', 'responses', '200', 'examples', 'application/json', 'a'],
    ],
    [
      ['paths', '/a', 'get', 'parameters', 1, 'schema', 'type'],
      ['paths', '/a', 'get', 'parameters', 1, 'type'],
    ],
    [
      ['paths', '/a', 'parameters', 0, 'schema'],
      ['paths', '/a', 'parameters', 0],
    ],
    [
      ['paths', '/a', 'post', 'parameters', 0, 'name'],
      ['paths', '/a', 'post', 'parameters', 0, 'name'],
    ],
    [
      ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'schema', '$ref'],
      ['paths', '/a', 'post', 'parameters', 1, 'schema', '$ref'],
    ],
    [
      ['paths', '/a', 'put', 'requestBody', 'content', 'application/x-www-form-urlencoded', 'schema', 'properties', 'name', 'type'],
      ['paths', '/a', 'put', 'parameters', 0, 'type'],
    ],
    [
      ['paths', '/a', 'post', 'responses', '201', 'headers', 'Location', 'schema', 'type'],
      ['paths', '/a', 'post', 'responses', '201', 'headers', 'Location', 'type'],
    ],
    [['info', 'contact'], []],
  ])('%j ← %j', (converted, original) => {
    expect(swagger2PathOf(converted, ORIGINAL)).toEqual(original);
  });
});
