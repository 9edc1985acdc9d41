import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { createAjv, type AjvInstance } from '../../spec/create-ajv.js';

// randexp and Ajv are loaded when a user's spec is checked, not by every `authmock check`.
const require = createRequire(import.meta.url);

type Schema = Record<string, unknown>;

/** The keywords of a schema that judge a value alone (no $ref, no composition). */
const OWN_KEYWORDS = [
  'type',
  'pattern',
  'minLength',
  'maxLength',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
];

let ajv: AjvInstance | undefined;
const validators = new WeakMap<object, ValidateFunction>();
const annotated = new WeakMap<object, unknown>();

/**
 * Whether a value satisfies a schema's own keywords (pattern, format, length, enum): Ajv, as
 * the server validates a request, so a parameter's text `"7"` is an integer.
 */
export function satisfies(schema: unknown, value: unknown): boolean {
  if (!schema || typeof schema !== 'object') return true;
  let validate = validators.get(schema);
  if (!validate) {
    const own = Object.fromEntries(Object.entries(schema).filter(([k]) => OWN_KEYWORDS.includes(k)));
    ajv ??= createAjv('request', []);
    try {
      validate = ajv.compile(own);
    } catch {
      validate = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction; // a pattern Ajv cannot read: the server judges
    }
    validators.set(schema, validate);
  }
  return validate(value) as boolean;
}

/**
 * A string that matches the schema's `pattern` and its other own keywords (length, format),
 * made by randexp and checked by Ajv; undefined when none of a few tries does. The same
 * pattern gives the same strings run after run (a seeded generator), so reports compare.
 */
export function matchingString(schema: Schema, salt = 0): string | undefined {
  if (typeof schema.pattern !== 'string') return undefined;
  const RandExp = require('randexp') as typeof import('randexp').default; // CommonJS: the class itself
  let gen: InstanceType<typeof RandExp>;
  try {
    gen = new RandExp(new RegExp(schema.pattern, 'u'));
  } catch {
    return undefined;
  }
  const random = seeded(`${schema.pattern} ${salt}`);
  gen.randInt = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  gen.max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 32) : 16;
  for (let i = 0; i < 40; i++) {
    const value = gen.gen();
    if (satisfies(schema, value)) return value;
  }
  return undefined;
}

/**
 * The document as openapi-sampler should see it: every string schema with a `pattern` and no
 * example, default, enum or const of its own gets an `example` that matches it (the sampler
 * ignores `pattern`). A pattern no string can be made for is left as it is; the request is
 * checked before it is sent (sample-request.ts). Made once per document.
 */
export function withPatternExamples<T>(doc: T): T {
  if (!doc || typeof doc !== 'object') return doc;
  let out = annotated.get(doc);
  if (out === undefined) annotated.set(doc, (out = annotate(doc, false)));
  return out as T;
}

function annotate(node: unknown, namesOnly: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => annotate(n, false));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node))
    out[key] = namesOnly ? annotate(value, false) : key === 'example' || key === 'examples' ? value : annotate(value, NAME_MAPS.has(key));
  if (!namesOnly && typeof out.pattern === 'string' && (out.type === undefined || out.type === 'string') && !hasOwnValue(out)) {
    const value = matchingString(out);
    if (value !== undefined) out.example = value;
  }
  return out;
}

function hasOwnValue(schema: Schema): boolean {
  return ['example', 'examples', 'default', 'enum', 'const'].some((k) => schema[k] !== undefined);
}

/** Keys whose value maps names to things: a property called `pattern` is not the keyword. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas', 'parameters', 'responses', 'paths']);

/** mulberry32 seeded by a string's hash: the same strings every run. */
function seeded(text: string): () => number {
  let a = 0;
  for (let i = 0; i < text.length; i++) a = (Math.imul(31, a) + text.charCodeAt(i)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
