// Validates the examples spectral:oas leaves out, so that every example in the specs
// is checked against its schema (the server serves and tests with them):
//
// 1. Examples of XML media types (`application/xml`, `text/xml`, ...). A string example
//    is read as an XML document the way the commerce platform reads and writes XML:
//    the root element is the body (its name must equal the schema's `xml.name` in a
//    response; in a request the platform ignores it), child elements are properties,
//    `<item>` children (or repeated elements) are list entries, and text is coerced to
//    the integer, number or boolean the schema asks for. The result is then validated
//    against the media type's schema. A non-string example is validated as it is.
//    (spectral:oas's oas3-valid-media-example is narrowed in ../auth.mjs to skip XML
//    media types, since it would compare the XML text itself with an object schema.)
// 2. JSON Schema `examples` arrays inside schemas (OAS 3.1); oas3-valid-schema-example
//    only checks the singular `example` and `default`.
//
// The rule runs on the unresolved document (every object is visited once, where it is
// written) and validates against the resolved counterpart of the same location.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { schema as validateSchema } from '@stoplight/spectral-functions';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const XML_MEDIA_TYPE = /[/+]xml$/i;
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SINGLES = [
  'items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains',
  'propertyNames', 'not', 'if', 'then', 'else',
];

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: true,
});

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function at(root, path) {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}

/** Collects the locations of schemas and of media types in an OpenAPI document. */
function findLocations(node, path, found) {
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || key === 'example' || key === 'examples') continue;
    const here = [...path, key];
    if (key === 'schema') {
      found.schemas.push(here);
    } else if (key === 'content' && isObject(value)) {
      for (const [mediaType, media] of Object.entries(value)) {
        found.media.push([...here, mediaType]);
        findLocations(media, [...here, mediaType], found);
      }
    } else if (path.length === 1 && path[0] === 'components' && key === 'schemas' && isObject(value)) {
      for (const name of Object.keys(value)) found.schemas.push([...here, name]);
    } else {
      findLocations(value, here, found);
    }
  }
}

/** Yields every inline subschema (not following $ref) with its path. */
function* subschemas(schema, path) {
  if (!isObject(schema)) return;
  yield [schema, path];
  for (const key of SCHEMA_MAPS) {
    if (isObject(schema[key])) {
      for (const [name, sub] of Object.entries(schema[key])) yield* subschemas(sub, [...path, key, name]);
    }
  }
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(schema[key])) {
      for (const [i, sub] of schema[key].entries()) yield* subschemas(sub, [...path, key, i]);
    }
  }
  for (const key of SCHEMA_SINGLES) yield* subschemas(schema[key], [...path, key]);
}

function typesOf(schema) {
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  if ('const' in schema && schema.const !== null) types.add(typeof schema.const);
  return types;
}

/** Turns the strings and nested objects of parsed XML into the JSON the schema describes. */
function coerce(value, schema, matches) {
  if (!isObject(schema)) return value;
  for (const key of ['anyOf', 'oneOf']) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) {
      const candidate = coerce(value, branch, matches);
      if (matches(candidate, branch)) return candidate;
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) value = coerce(value, part, matches);
  }
  const types = typesOf(schema);
  if (types.has('array')) {
    let list = value;
    if (!Array.isArray(list)) {
      if (list === '') list = [];
      else if (isObject(list) && Object.keys(list).length === 1 && 'item' in list) list = [].concat(list.item);
      else list = [list];
    }
    return list.map((entry) => coerce(entry, schema.items, matches));
  }
  if (typeof value === 'string') {
    if (types.has('string')) return value;
    if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) {
      return Number(value);
    }
    if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    if (types.has('object') && value === '') return {};
    if (types.has('null') && value === '') return null;
    return value;
  }
  if (isObject(value)) {
    const out = {};
    for (const [key, entry] of Object.entries(value)) {
      const sub = schema.properties?.[key] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : undefined);
      out[key] = sub ? coerce(entry, sub, matches) : entry;
    }
    return out;
  }
  return value;
}

/** Reads an XML example: returns {root, value} or {error}. */
function readXml(text) {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return { error: `is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})` };
  }
  const parsed = xmlParser.parse(text);
  const roots = Object.keys(parsed);
  if (roots.length !== 1) return { error: `must have exactly one root element, found ${roots.length}` };
  return { root: roots[0], value: parsed[roots[0]] };
}

function mediaExamples(media, path) {
  const out = [];
  if ('example' in media) out.push({ value: media.example, path: [...path, 'example'] });
  if (isObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      if (isObject(example) && 'value' in example) {
        out.push({ value: example.value, path: [...path, 'examples', name, 'value'] });
      }
    }
  }
  return out;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function checkExamples(_document, _options, context) {
    const unresolved = context.document.data;
    const resolved = context.documentInventory.resolved;
    // OAS 3.0 schemas are draft-04 flavoured (boolean exclusiveMinimum); 3.1's are 2020-12.
    const dialect = String(unresolved.openapi).startsWith('3.0')
      ? 'draft4'
      : typeof unresolved.jsonSchemaDialect === 'string' ? 'auto' : 'draft2020-12';
    const check = (value, schema, path) =>
      validateSchema(value, { schema, dialect, allErrors: true }, { ...context, path }) ?? [];
    const matches = (value, schema) => check(value, schema, []).length === 0;

    const found = { schemas: [], media: [] };
    findLocations(unresolved, [], found);
    const results = [];

    for (const schemaPath of found.schemas) {
      for (const [sub, path] of subschemas(at(unresolved, schemaPath), schemaPath)) {
        if (!Array.isArray(sub.examples)) continue;
        const schema = at(resolved, path);
        sub.examples.forEach((example, i) => results.push(...check(example, schema, [...path, 'examples', i])));
      }
    }

    for (const mediaPath of found.media) {
      const mediaType = String(mediaPath[mediaPath.length - 1]);
      if (!XML_MEDIA_TYPE.test(mediaType)) continue;
      const media = at(resolved, mediaPath);
      if (!isObject(media) || !isObject(media.schema)) continue;
      const isRequest = mediaPath.includes('requestBody') || mediaPath.includes('requestBodies');
      for (const example of mediaExamples(media, mediaPath)) {
        if (typeof example.value !== 'string') {
          results.push(...check(example.value, media.schema, example.path));
          continue;
        }
        const xml = readXml(example.value);
        if (xml.error) {
          results.push({ message: `XML example ${xml.error}.`, path: example.path });
          continue;
        }
        const expectedRoot = media.schema.xml?.name;
        if (!isRequest && expectedRoot && xml.root !== expectedRoot) {
          results.push({
            message: `XML example's root element is <${xml.root}>, the schema names it <${expectedRoot}>.`,
            path: example.path,
          });
        }
        const value = coerce(xml.value, media.schema, matches);
        for (const result of check(value, media.schema, example.path)) {
          results.push({ ...result, message: `XML example, read as ${JSON.stringify(value)}: ${result.message}`, path: example.path });
        }
      }
    }
    return results.map((result) => ({ ...result, message: `${result.message}; correct the example or its schema.` }));
  },
);
