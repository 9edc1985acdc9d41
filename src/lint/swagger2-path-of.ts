type Segment = string | number;
type Node = Record<string, any>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);

/**
 * Where a place in the OpenAPI 3.1 document a Swagger 2.0 document was upgraded to comes
 * from in the 2.0 document: `components.schemas.X` ← `definitions.X`, a response's
 * `content.<media>.schema` ← its `schema`, `components.securitySchemes.X.flows.<flow>` ←
 * `securityDefinitions.X`, a `requestBody` ← the `in: body` parameter (a form's properties
 * ← its `in: formData` parameters), a parameter's `schema` ← the parameter itself,
 * `servers` ← `host`. The answer is cut to the deepest place the 2.0 document has.
 */
export function swagger2PathOf(path: readonly Segment[], original: Node): Segment[] {
  return deepestExisting(mapPath(path, original), original);
}

function mapPath(path: readonly Segment[], original: Node): Segment[] {
  const [top, ...rest] = path;
  switch (top) {
    case 'openapi':
      return ['swagger'];
    case 'servers':
      return original.host !== undefined ? ['host'] : original.basePath !== undefined ? ['basePath'] : [];
    case 'components':
      return mapComponent(rest, original);
    case 'paths':
      return mapPathItem(rest, original);
    default:
      return [...path];
  }
}

function mapComponent([kind, name, ...rest]: readonly Segment[], original: Node): Segment[] {
  switch (kind) {
    case 'schemas':
      return name === undefined ? ['definitions'] : ['definitions', name, ...mapSchema(rest)];
    case 'securitySchemes':
      return name === undefined ? ['securityDefinitions'] : ['securityDefinitions', name, ...mapScheme(rest)];
    case 'parameters':
      return name === undefined ? ['parameters'] : ['parameters', name, ...mapParameter(rest, original.parameters?.[name])];
    case 'requestBodies':
      return name === undefined ? ['parameters'] : ['parameters', name, ...mapBody(rest)];
    case 'responses':
      return name === undefined ? ['responses'] : ['responses', name, ...mapResponse(rest)];
    default:
      return [];
  }
}

/** An OAuth 2 flow's fields sit on the 2.0 scheme itself; `http` `basic` was `type: basic`. */
function mapScheme(rest: readonly Segment[]): Segment[] {
  if (rest[0] === 'flows') return rest.slice(2);
  if (rest[0] === 'scheme') return ['type'];
  return [...rest];
}

function mapPathItem([route, key, ...rest]: readonly Segment[], original: Node): Segment[] {
  if (route === undefined) return ['paths'];
  const item: Node = original.paths?.[route] ?? {};
  const at = ['paths', route];
  if (key === undefined) return at;
  if (key === 'parameters') return [...at, ...mapParameterList(rest, item.parameters, original)];
  if (typeof key !== 'string' || !METHODS.has(key)) return [...at, key, ...rest];
  const operation: Node = item[key] ?? {};
  const [field, ...inner] = rest;
  if (field === 'responses') {
    const [status, ...response] = inner;
    return status === undefined ? [...at, key, 'responses'] : [...at, key, 'responses', status, ...mapResponse(response)];
  }
  if (field === 'parameters') return [...at, key, ...mapParameterList(inner, operation.parameters, original)];
  if (field === 'requestBody') {
    // the body parameter may be the operation's or the path item's
    const own = mapRequestBody(inner, operation.parameters, original);
    if (own) return [...at, key, ...own];
    const shared = mapRequestBody(inner, item.parameters, original);
    return shared ? [...at, ...shared] : [...at, key, 'parameters'];
  }
  return [...at, key, ...rest];
}

/** A 3.1 parameter list lacks the 2.0 body and form parameters: find the same parameter by name and place. */
function mapParameterList([index, ...rest]: readonly Segment[], list: unknown, original: Node): Segment[] {
  if (index === undefined || !Array.isArray(list)) return ['parameters'];
  const converted = convertedParameters(list, original);
  const found = converted[Number(index)];
  if (found === undefined) return ['parameters'];
  return ['parameters', found.index, ...mapParameter(rest, found.parameter)];
}

/** The 2.0 parameters that stay parameters in 3.1, in order, with their index in the 2.0 list. */
function convertedParameters(list: readonly unknown[], original: Node): { index: number; parameter: Node | undefined }[] {
  return list
    .map((raw, index) => ({ index, parameter: resolveLocal(raw, original) }))
    .filter(({ parameter }) => parameter?.in !== 'body' && parameter?.in !== 'formData');
}

/** A 2.0 parameter other than a body one has its schema's keywords on itself. */
function mapParameter(rest: readonly Segment[], parameter: Node | undefined): Segment[] {
  if (rest[0] === 'schema' && parameter?.in !== 'body') return mapSchema(rest.slice(1));
  if (rest[0] === 'example' || rest[0] === 'examples') return parameter?.in === 'body' ? ['schema'] : [];
  return [...rest];
}

function mapRequestBody(rest: readonly Segment[], list: unknown, original: Node): Segment[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const parameters = list.map((raw) => resolveLocal(raw, original));
  const body = parameters.findIndex((p) => p?.in === 'body');
  if (body >= 0) return ['parameters', body, ...mapBody(rest)];
  // a form: each property of the body's schema was an `in: formData` parameter
  if (!parameters.some((p) => p?.in === 'formData')) return undefined;
  const [, , schema, properties, name, ...inner] = rest;
  if (schema === 'schema' && properties === 'properties' && name !== undefined) {
    const field = parameters.findIndex((p) => p?.in === 'formData' && p.name === name);
    if (field >= 0) return ['parameters', field, ...mapSchema(inner)];
  }
  return ['parameters', parameters.findIndex((p) => p?.in === 'formData')];
}

/** `content.<media>.schema` of a request body ← the body parameter's `schema`. */
function mapBody(rest: readonly Segment[]): Segment[] {
  const [content, , field, ...inner] = rest;
  if (content !== 'content') return rest[0] === 'required' ? ['required'] : [];
  return field === 'schema' ? ['schema', ...mapSchema(inner)] : [];
}

/** `content.<media>.schema` ← `schema`; `content.<media>.examples.<name>.value` ← `examples.<media>`; a header's `schema` ← the header. */
function mapResponse(rest: readonly Segment[]): Segment[] {
  const [field, key, inner, ...deeper] = rest;
  if (field === 'content') {
    if (inner === 'schema') return ['schema', ...mapSchema(deeper)];
    if (inner === 'examples') return key === undefined ? ['examples'] : ['examples', key, ...deeper.slice(2)];
    if (inner === 'example') return key === undefined ? ['examples'] : ['examples', key, ...deeper];
    return [];
  }
  if (field === 'headers' && key !== undefined) return inner === 'schema' ? ['headers', key, ...mapSchema(deeper)] : ['headers', key];
  return [...rest];
}

/** A schema's `examples: [x]` was `example: x`; its other keywords kept their places. */
function mapSchema(rest: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === 'examples' && rest[i + 1] === 0 && (i === 0 || rest[i - 1] !== 'properties')) {
      out.push('example');
      i++;
    } else out.push(rest[i]);
  }
  return out;
}

/** A `$ref` to a parameter in the same document, followed. */
function resolveLocal(raw: unknown, original: Node): Node | undefined {
  let node = raw as Node | undefined;
  for (let hops = 0; hops < 10 && typeof node?.$ref === 'string' && node.$ref.startsWith('#/'); hops++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .map((s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((at, key) => at?.[key], original);
  }
  return node;
}

/** The longest start of the path that names something in the document. */
function deepestExisting(path: readonly Segment[], original: Node): Segment[] {
  let node: unknown = original;
  const out: Segment[] = [];
  for (const segment of path) {
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) break;
    node = (node as Record<string | number, unknown>)[segment];
    out.push(segment);
  }
  return out;
}
