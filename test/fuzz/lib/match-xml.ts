import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Schema } from './api-model.js';

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, ignoreDeclaration: true });

/**
 * Whether an XML answer has the shape the JSON schema gives it on this platform: the
 * root element `response`, object properties as child elements (required ones present),
 * list items as `<item>`, scalars as text. Types of scalars cannot be told apart in XML.
 */
export function matchXml(text: string, schemas: Schema[]): string | undefined {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return `XML is not well-formed: ${valid.err.msg}`;
  const doc = parser.parse(text) as Record<string, unknown>;
  const roots = Object.keys(doc);
  if (roots.length !== 1 || roots[0] !== 'response') return `root element is ${roots.join(', ') || 'missing'}, not <response>`;
  const problems = schemas.map((s) => mismatch(s, doc.response, '/'));
  return problems.includes(undefined) ? undefined : problems.join('; ');
}

function mismatch(schema: Schema, node: unknown, at: string): string | undefined {
  if (typeof schema !== 'object') return schema ? undefined : `${at} allowed by no schema`;
  const type = schema.type;
  if (type === 'object') {
    if (node === '' && !(schema.required as string[] | undefined)?.length) return undefined;
    if (!node || typeof node !== 'object') return `${at} should be an element with children`;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in (node as object))) return `${at} lacks <${key}>`;
    }
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, value] of Object.entries(node as object)) {
      if (props[key]) {
        const problem = mismatch(props[key], value, `${at}${key}/`);
        if (problem) return problem;
      }
    }
    return undefined;
  }
  if (type === 'array')
    return node === '' || (node && typeof node === 'object' && 'item' in node) ? undefined : `${at} should hold <item> elements`;
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') {
    if (typeof node !== 'string') return `${at} should be text`;
    if (type === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(node))
      return `${at} does not match ${schema.pattern}`;
    if (type === 'boolean' && node !== 'true' && node !== 'false' && node !== '1' && node !== '') return `${at} is not a boolean`;
    return undefined;
  }
  return undefined;
}
