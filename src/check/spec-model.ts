import { isAbsolute, join } from 'node:path';
import type { Operation, SecurityScheme } from '../core/types.js';
import { deref, type LoadedSpec } from '../spec/load-spec.js';
import { compileSpecs } from '../spec/compile-specs.js';
import { buildSpecModel, type SpecModel } from '../spec/spec-model.js';
import type { ApiProfile } from './api-profile.js';

export interface NamedExample {
  name: string;
  value: Record<string, unknown>;
}

/** What the checker needs to know of one operation, beyond the server's compiled table. */
export interface OperationModel {
  api: string;
  /** what the checker knows of the API beyond its spec */
  profile: ApiProfile;
  op: Operation;
  spec: LoadedSpec;
  /** declared request media types (lower case) */
  requestTypes: string[];
  /** the request body schema (JSON media type, else the first), $refs followed at the top */
  bodySchema?: Record<string, any>;
  /** named JSON request examples, objects only */
  examples: NamedExample[];
  /** media type -> that type's own object examples (XML examples are strings and left out) */
  typeExamples: Map<string, NamedExample[]>;
  /** root element for XML request bodies (the schema's xml.name) */
  xmlRoot: string;
  /** status key ('200', '4XX', 'default') -> declared media types */
  responseTypes: Map<string, string[]>;
  security: { open: boolean; bearer: boolean; queryKeys: string[] };
  /**
   * A status declared without `content` leaves its body undescribed (any body passes), as
   * Schemathesis reads it: a user's spec (Petstore's `default: {description: ...}`). The
   * built-in specs are exact: there it means no body.
   */
  bodyUndescribed?: boolean;
  pathParams: { name: string; type?: string; example?: unknown }[];
}

export interface ApiModel {
  api: string;
  profile: ApiProfile;
  /** the path part of each server URL ('/rest', '/rest/default'); '' for the host root */
  serverPaths: string[];
  operations: OperationModel[];
}

/** An API the checker can check: its name, its spec file and its checker profile. */
export interface CheckedApi {
  name: string;
  /** a file name inside the specs directory, or an absolute path */
  specFile: string;
  /** where its accounts' defaults are read (a file name inside the fixtures directory, or an absolute path) */
  fixtureFile?: string;
  checker: ApiProfile;
}

/** Loads the specs with the server's own loader and model, and its compiled response validators. */
export async function loadModels(specsDir: string, apis: readonly CheckedApi[]): Promise<Record<string, ApiModel>> {
  const paths = apis.map((a) => (isAbsolute(a.specFile) ? a.specFile : join(specsDir, a.specFile)));
  // No cache directory: the checker compiles afresh and never writes next to the server's state.
  const { specs, compiler } = await compileSpecs(paths, undefined);
  const models = {} as Record<string, ApiModel>;
  apis.forEach(({ name: api, checker: profile }, i) => {
    models[api] = describeApi(profile, buildSpecModel(specs[i], compiler, { name: api }));
  });
  return models;
}

/** A spec's model as the checker reads it: each operation with what the checker needs beyond the server's table. */
export function describeApi(profile: ApiProfile, model: SpecModel, options: { bodyUndescribed?: boolean } = {}): ApiModel {
  const { name: api, spec } = model;
  const operations = model.operations.map((op) => ({
    ...describeOperation(api, profile, spec, op, model.schemes),
    ...(options.bodyUndescribed ? { bodyUndescribed: true } : {}),
  }));
  return { api, profile, serverPaths: readServerPaths(spec), operations };
}

function describeOperation(
  api: string,
  profile: ApiProfile,
  spec: LoadedSpec,
  op: Operation,
  schemes: ReadonlyMap<string, SecurityScheme>,
): OperationModel {
  const raw = spec.doc.paths[op.path][op.method.toLowerCase()];
  const body = raw.requestBody ? deref(spec, raw.requestBody, op.pointer) : undefined;
  const content: Record<string, any> = body?.content ?? {};
  const types = Object.keys(content).map((t) => t.toLowerCase());
  const main = content['application/json'] ?? Object.values(content)[0];
  const bodySchema = main?.schema ? deref(spec, main.schema, op.pointer) : undefined;
  return {
    api,
    profile,
    op,
    spec,
    requestTypes: types,
    bodySchema,
    examples: readExamples(spec, main, op.pointer),
    typeExamples: new Map(Object.entries(content).map(([t, media]) => [t.toLowerCase(), readExamples(spec, media, op.pointer)])),
    xmlRoot: bodySchema?.xml?.name ?? 'request',
    responseTypes: readResponseTypes(spec, raw, op.pointer),
    security: readSecurity(op, schemes),
    pathParams: readPathParams(spec, raw, spec.doc.paths[op.path], op.pointer),
  };
}

function readExamples(spec: LoadedSpec, media: any, at: string): NamedExample[] {
  if (!media) return [];
  const out: NamedExample[] = [];
  if (isObject(media.example)) out.push({ name: 'example', value: media.example });
  for (const [name, node] of Object.entries<any>(media.examples ?? {})) {
    const ex = deref(spec, node, at);
    if (isObject(ex?.value)) out.push({ name, value: ex.value });
  }
  return out;
}

function readResponseTypes(spec: LoadedSpec, raw: any, at: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [status, node] of Object.entries<any>(raw.responses ?? {})) {
    const response = deref(spec, node, at);
    out.set(
      status,
      Object.keys(response?.content ?? {}).map((t) => t.toLowerCase()),
    );
  }
  return out;
}

/** Which credentials the operation's security requirements accept (OR of the objects). */
function readSecurity(op: Operation, schemes: ReadonlyMap<string, SecurityScheme>): OperationModel['security'] {
  const result = { open: op.security.length === 0, bearer: false, queryKeys: [] as string[] };
  for (const req of op.security) {
    if (req.length === 0) result.open = true;
    for (const { scheme: name } of req) {
      const scheme = schemes.get(name);
      if (scheme?.type === 'http' && scheme.scheme === 'bearer') result.bearer = true;
      if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') result.bearer = true;
      if (scheme?.type === 'apiKey' && scheme.in === 'query') result.queryKeys.push(scheme.param);
    }
  }
  return result;
}

function readPathParams(spec: LoadedSpec, raw: any, item: any, at: string): OperationModel['pathParams'] {
  const params = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((p) => deref(spec, p, at));
  return params
    .filter((p) => p?.in === 'path')
    .map((p) => {
      const schema = p.schema ? deref(spec, p.schema, at) : {};
      const named = Object.values<any>(p.examples ?? {})[0];
      const example = p.example ?? (named ? deref(spec, named, at)?.value : undefined) ?? schema.example ?? schema.examples?.[0];
      return { name: p.name, type: schema.type, example };
    });
}

/** `{base_url}/rest/{store_code}` -> `/rest/default`: variables other than base_url take their defaults. */
function readServerPaths(spec: LoadedSpec): string[] {
  const servers: any[] = spec.doc.servers?.length ? spec.doc.servers : [{ url: '' }];
  return servers.map((s) => {
    let url: string = String(s.url).replace('{base_url}', '');
    for (const [name, v] of Object.entries<any>(s.variables ?? {})) url = url.replace(`{${name}}`, String(v.default ?? ''));
    if (/^[a-z]+:\/\//i.test(url)) url = new URL(url).pathname;
    return url.replace(/\/+$/, '');
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
