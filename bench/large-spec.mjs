// A generated OpenAPI 3.1 document with N operations, for the start-up measurement of a
// large user spec (issue #25: 1,000 operations served within 1.5 s). Its shape is what big
// vendor specs have: resources with list/create/read/update/delete, shared component schemas
// reached by $ref, path and query parameters, an API key and a bearer scheme with scopes,
// some operations open, examples on a few and none on most (answers come from the schemas).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const METHODS = [
  ['get', 'list', false],
  ['post', 'create', false],
  ['get', 'get', true],
  ['put', 'update', true],
  ['delete', 'delete', true],
];

function resourceSchemas(name) {
  return {
    [name]: {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int64', minimum: 1 },
        name: { type: 'string', minLength: 1, maxLength: 80 },
        status: { type: 'string', enum: ['active', 'archived', 'pending'] },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' }, maxItems: 5 },
        createdAt: { type: 'string', format: 'date-time' },
        owner: { $ref: '#/components/schemas/Owner' },
        note: { type: ['string', 'null'] },
      },
    },
    [`${name}List`]: {
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: `#/components/schemas/${name}` } }, next: { type: 'string' } },
    },
  };
}

function operation(resource, idx, [method, verb, byId]) {
  const scope = method === 'get' ? `read:${resource}` : `write:${resource}`;
  const op = {
    operationId: `${verb}${resource}`,
    tags: [resource],
    summary: `${verb} ${resource}`,
    security: idx % 10 === 0 && method === 'get' ? [] : [{ apiKey: [scope] }, { bearer: [scope] }],
    responses: {
      [method === 'post' ? '201' : method === 'delete' ? '204' : '200']:
        method === 'delete'
          ? { description: 'deleted' }
          : {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/${resource}${verb === 'list' ? 'List' : ''}` },
                  ...(idx % 4 === 0 && verb === 'get' ? { example: { id: idx + 1, name: `${resource} ${idx}` } } : {}),
                },
              },
            },
      400: { $ref: '#/components/responses/Problem' },
      401: { $ref: '#/components/responses/Problem' },
      403: { $ref: '#/components/responses/Problem' },
    },
  };
  if (verb === 'list') {
    op.parameters = [
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'archived', 'pending'] } },
    ];
  }
  if (method === 'post' || method === 'put') {
    op.requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${resource}` } } } };
  }
  return byId ? ['/{id}', op] : ['', op];
}

/** The document as a plain object: `operations` rounded up to whole resources of five. */
export function largeSpec(operations = 1000) {
  const resources = Math.ceil(operations / METHODS.length);
  const paths = {};
  const schemas = {
    Tag: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } },
    Owner: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', format: 'uuid' }, email: { type: 'string', format: 'email' } },
    },
    Problem: { type: 'object', properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' } } },
  };
  for (let i = 0; i < resources; i++) {
    const resource = `Resource${String(i).padStart(4, '0')}`;
    Object.assign(schemas, resourceSchemas(resource));
    const base = `/resources${i}`;
    for (const m of METHODS) {
      const [suffix, op] = operation(resource, i, m);
      const path = `${base}${suffix}`;
      paths[path] ??= suffix ? { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] } : {};
      paths[path][m[0]] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Generated large API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com/large' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      schemas,
      responses: {
        Problem: { description: 'problem', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
      },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

/** Writes `large.openapi.json` into `dir`; returns its path and the first open GET path. */
export function writeLargeSpec(dir, operations = 1000) {
  const file = join(dir, 'large.openapi.json');
  writeFileSync(file, JSON.stringify(largeSpec(operations)));
  return { file, openPath: '/large/resources0/1', operations: Math.ceil(operations / METHODS.length) * METHODS.length };
}

// `node bench/large-spec.mjs <dir> [operations]` writes one to look at or serve by hand
if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, operations } = writeLargeSpec(process.argv[2] ?? '.', Number(process.argv[3] ?? 1000));
  console.log(`${file}: ${operations} operations`);
}
