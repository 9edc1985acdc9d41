import { createRequire } from 'node:module';
import type { ObjectSchema } from '../../../spec/object-schema.js';

const require = createRequire(import.meta.url);

/**
 * The object an XML body sends to a collection (`<booking><passenger_name>Jo</passenger_name>
 * </booking>`): the root element's children as properties, repeated ones as arrays, their text
 * read as the item schema's top-level integer, number or boolean where it says so. Not checked
 * against the schema (decode-body.ts: XML has no one mapping to it); {} for a body that is no
 * XML document with a root holding elements. Only well-formed XML without a DTD gets here.
 */
export function xmlObjectOf(body: Buffer, item: ObjectSchema | undefined): Record<string, unknown> {
  const { XMLParser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
  let parsed: unknown;
  try {
    parsed = new XMLParser({ parseTagValue: false, ignoreDeclaration: true, ignorePiTags: true }).parse(body.toString('utf8'));
  } catch {
    return {};
  }
  const roots = parsed && typeof parsed === 'object' ? Object.values(parsed) : [];
  const root = roots.length === 1 ? roots[0] : undefined;
  if (!root || typeof root !== 'object' || Array.isArray(root)) return {};
  const object = { ...(root as Record<string, unknown>) };
  for (const [name, value] of Object.entries(object)) {
    const type = item?.properties.get(name)?.type;
    if (typeof value !== 'string') continue;
    if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) object[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) object[name] = value === 'true';
  }
  return object;
}
