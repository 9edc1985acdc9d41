import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { resolveRefs } from './resolve-refs.js';

export type ApiName = 'commerce' | 'social';
export type Schema = Record<string, unknown> | boolean;

export interface ParamModel {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface OperationModel {
  api: ApiName;
  operationId: string;
  method: string;
  /** the spec's path, relative to the server URL: /V1/customers/{customerId} */
  path: string;
  pathParams: ParamModel[];
  queryParams: ParamModel[];
  /** 'anonymous', 'self', 'token' or a list of ACL resources */
  permission: unknown;
  requestBody?: { required: boolean; media: Map<string, Schema> };
  /** status code or 'default' -> media type -> schema */
  responses: Map<string, Map<string, Schema>>;
}

export interface ApiModel {
  name: ApiName;
  /** what the server URL adds before the spec's paths: '/rest' or '' */
  prefix: string;
  /** whether a store code may follow the prefix (/rest/{store_code}/V1/...) */
  storeCodeSegment: boolean;
  operations: OperationModel[];
  /** media type -> the schemas the API's `default` (error) responses use */
  errorSchemas: Map<string, Schema[]>;
  /** every media type the API answers with */
  responseTypes: Set<string>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Reads specs/<api>.openapi.yaml into what the fuzzer generates from and checks against. */
export function loadApiModel(root: string, name: ApiName): ApiModel {
  const doc = resolveRefs(parse(readFileSync(join(root, 'specs', `${name}.openapi.yaml`), 'utf8'))) as any;
  const servers: string[] = (doc.servers ?? []).map((s: { url: string }) => s.url.replace('{base_url}', ''));
  const prefix = servers.map((s) => s.replace(/\/\{[^}]+\}$/, '')).sort((a, b) => a.length - b.length)[0] ?? '';
  const operations: OperationModel[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]) operations.push(readOperation(name, path, method, item[method], item.parameters ?? []));
    }
  }
  const errorSchemas = new Map<string, Schema[]>();
  const responseTypes = new Set<string>();
  for (const op of operations) {
    for (const [status, media] of op.responses) {
      for (const [type, schema] of media) {
        responseTypes.add(type);
        if (status !== 'default') continue;
        const list = errorSchemas.get(type) ?? [];
        if (!list.some((s) => JSON.stringify(s) === JSON.stringify(schema))) list.push(schema);
        errorSchemas.set(type, list);
      }
    }
  }
  return { name, prefix, storeCodeSegment: servers.some((s) => /\/\{[^}]+\}$/.test(s)), operations, errorSchemas, responseTypes };
}

function readOperation(api: ApiName, path: string, method: string, op: any, shared: any[]): OperationModel {
  const params = [...shared, ...(op.parameters ?? [])].map((p: any) => ({
    in: p.in as string,
    name: p.name as string,
    required: !!p.required,
    schema: (p.schema ?? {}) as Schema,
  }));
  const responses = new Map<string, Map<string, Schema>>();
  for (const [status, res] of Object.entries<any>(op.responses ?? {})) {
    responses.set(status, new Map(Object.entries<any>(res.content ?? {}).map(([type, m]) => [type, (m.schema ?? {}) as Schema])));
  }
  const body = op.requestBody;
  return {
    api,
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    pathParams: params.filter((p) => p.in === 'path'),
    queryParams: params.filter((p) => p.in === 'query'),
    permission: op['x-authmock-permission'],
    requestBody: body && {
      required: !!body.required,
      media: new Map(Object.entries<any>(body.content ?? {}).map(([type, m]) => [type, (m.schema ?? {}) as Schema])),
    },
    responses,
  };
}
