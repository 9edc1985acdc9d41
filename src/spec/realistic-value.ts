import { createRequire } from 'node:module';
import { Faker, base, en } from '@faker-js/faker';
import { numberByName, stringByFormat, stringByName } from './value-by-name.js';

// randexp is CommonJS (module.exports = the class), which its typings call a default export
const RandExp = createRequire(import.meta.url)('randexp') as typeof import('randexp').default;

type Schema = Record<string, unknown>;

export interface MakeOptions {
  /** the document local `$ref`s point into */
  doc: unknown;
  /** the value's seed: the same seed makes the same value */
  seed: string;
  /** only the required properties, at every depth (an error's body) */
  skipNonRequired?: boolean;
  /** take a schema's own `example`/`examples` (an answer: yes; a generated collection's objects: no, they would all be alike) */
  useExamples?: boolean;
  /** a Faker to reseed and reuse (createFaker): making one costs milliseconds, reseeding nothing */
  faker?: Faker;
  /** pick a `oneOf`/`anyOf` alternative at random (seeded) instead of the first: another try when the first made an invalid value */
  vary?: boolean;
  /** below this depth only required properties are made and arrays hold their fewest items (MAX_DEPTH unless given) */
  maxDepth?: number;
}

/** An English Faker, for makeRealisticValue to reseed per value. */
export function createFaker(): Faker {
  return new Faker({ locale: [en, base] });
}

// every date is drawn before this one, so a value does not move with the day the server starts
const REF_DATE = Date.UTC(2026, 0, 1);
const MAX_DEPTH = 6;

/**
 * A realistic value made from a JSON Schema: by `format`, else by the property's name, else
 * by type, always within the schema's `enum`, `const`, bounds, lengths and `pattern`; the
 * caller checks it against the schema, since `oneOf`, `not` and odd combinations can still
 * defeat it. Faker is seeded with the value's seed, so the same seed gives the same value.
 */
export function makeRealisticValue(schema: unknown, options: MakeOptions): unknown {
  const f = options.faker ?? createFaker();
  f.seed(hashSeed(options.seed));
  f.setDefaultRefDate(REF_DATE);
  return new Maker(f, options).value(schema, '', 0, new Set());
}

/** A 32-bit number from a string (FNV-1a): Faker's seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Maker {
  private readonly maxDepth: number;

  constructor(
    private readonly f: Faker,
    private readonly options: MakeOptions,
  ) {
    this.maxDepth = options.maxDepth ?? MAX_DEPTH;
  }

  value(raw: unknown, name: string, depth: number, refs: Set<string>): unknown {
    if (raw === true || raw === undefined) return this.f.word.noun();
    if (!raw || typeof raw !== 'object') return null;
    let s = raw as Schema;
    if (typeof s.$ref === 'string') {
      if (refs.has(s.$ref) && depth > 1) return undefined; // recursion: stop here
      const target = resolve(this.options.doc, s.$ref);
      return this.value(target, name, depth, new Set(refs).add(s.$ref as string));
    }
    if (Array.isArray(s.allOf)) s = this.merge(s, depth, refs);
    if (this.options.useExamples && s.example !== undefined) return structuredClone(s.example);
    if (this.options.useExamples && Array.isArray(s.examples) && s.examples.length) return structuredClone(s.examples[0]);
    if (s.const !== undefined) return structuredClone(s.const);
    // an answer takes a schema's `default` and an enum's first value, as its examples usually show; a generated object any value
    if (this.options.useExamples && s.default !== undefined) return structuredClone(s.default);
    if (Array.isArray(s.enum) && s.enum.length)
      return structuredClone(this.options.useExamples ? s.enum[0] : this.f.helpers.arrayElement(s.enum));
    const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives) && alternatives.length) {
      const real = alternatives.filter((a) => !isNullSchema(a));
      const choice = real.length === 0 ? alternatives[0] : this.options.vary ? this.f.helpers.arrayElement(real) : real[0];
      // a schema with a type or properties of its own beside them (OpenAPI 3.0's nullable, upgraded, is `anyOf: [{}, {type: null}]`
      // in an allOf): the alternative narrows it, it does not replace it
      if (s.type === undefined && s.properties === undefined) return this.value(choice, name, depth, refs);
      const { oneOf: _oneOf, anyOf: _anyOf, ...own } = s;
      return this.value(this.merge({ allOf: [own, choice] }, depth, refs), name, depth, refs);
    }
    switch (typeOf(s)) {
      case 'object':
        return this.object(s, depth, refs);
      case 'array':
        return this.array(s, name, depth, refs);
      case 'string':
        return this.string(s, name);
      case 'integer':
        return this.number(s, name, true);
      case 'number':
        return this.number(s, name, false);
      case 'boolean':
        return this.f.datatype.boolean();
      case 'null':
        return null;
      default:
        // no type, nothing that implies one (a tuple's prefixItems is an array, typeOf): any value passes; a word is one
        return this.f.word.noun();
    }
  }

  private tuple(items: unknown[], name: string, depth: number, refs: Set<string>): unknown[] {
    return items.map((item) => this.value(item, name, depth + 1, refs) ?? null);
  }

  private merge(s: Schema, depth: number, refs: Set<string>): Schema {
    const out: Schema = { ...s, allOf: undefined };
    const properties: Schema = { ...((s.properties as Schema) ?? {}) };
    const required = new Set<string>((s.required as string[]) ?? []);
    for (const part of s.allOf as unknown[]) {
      let p = part as Schema;
      const seen = new Set(refs);
      while (p && typeof p.$ref === 'string' && !seen.has(p.$ref)) {
        seen.add(p.$ref);
        p = resolve(this.options.doc, p.$ref) as Schema;
      }
      if (!p || typeof p !== 'object') continue;
      if (Array.isArray(p.allOf)) p = this.merge(p, depth, seen);
      Object.assign(properties, p.properties ?? {});
      for (const r of (p.required as string[]) ?? []) required.add(r);
      for (const [k, v] of Object.entries(p)) if (!['properties', 'required', 'allOf'].includes(k) && out[k] === undefined) out[k] = v;
    }
    return { ...out, properties, required: [...required] };
  }

  private object(s: Schema, depth: number, refs: Set<string>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[]) ?? []);
    const deep = depth >= this.maxDepth;
    for (const [key, prop] of Object.entries((s.properties as Schema) ?? {})) {
      const p = prop as Schema;
      if (p && typeof p === 'object' && p.writeOnly === true) continue;
      if (!required.has(key) && (this.options.skipNonRequired || deep)) continue;
      const v = this.value(p, key, depth + 1, refs);
      if (v !== undefined) out[key] = v;
    }
    // a property required but not declared (Box's shared link requires `accessed`): as additionalProperties says, else a word
    const extra = s.additionalProperties;
    for (const key of required) {
      if (key in out || extra === false) continue;
      const v = this.value(extra && typeof extra === 'object' ? extra : true, key, depth + 1, refs);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }

  private array(s: Schema, name: string, depth: number, refs: Set<string>): unknown[] {
    if (Array.isArray(s.prefixItems)) return this.tuple(s.prefixItems, name, depth, refs);
    const min = typeof s.minItems === 'number' ? s.minItems : 0;
    const max = typeof s.maxItems === 'number' ? s.maxItems : Math.max(min, 3);
    const count =
      depth >= this.maxDepth ? min : this.f.number.int({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 3)) });
    const out: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const v = this.value(s.items ?? {}, singular(name), depth + 1, refs);
      if (v !== undefined) out.push(v);
    }
    return out;
  }

  private string(s: Schema, name: string): string {
    const format = typeof s.format === 'string' ? s.format : undefined;
    const min = typeof s.minLength === 'number' ? s.minLength : 0;
    const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
    let v: string | undefined;
    if (typeof s.pattern === 'string') {
      // padded or cut, it would no longer match (GitHub's 40-character hex commit SHA)
      const matched = this.fromPattern(s.pattern, min, max);
      if (matched !== undefined) return matched;
    } else v = (format && stringByFormat(this.f, format)) || stringByName(this.f, name);
    v ??= this.f.word.words(2);
    while (v.length < min) v += this.f.string.alpha({ length: min - v.length, casing: 'lower' });
    if (v.length <= max) return v;
    // cut at a word's end where that leaves enough, not in the middle of one
    const cut = v.slice(0, max);
    const whole = (/\s/.test(v[max]!) ? cut : cut.replace(/\s*\S*$/, '')).trimEnd();
    return whole.length >= Math.max(min, 1) ? whole : cut;
  }

  /** A string matching the pattern, within the lengths where a few draws reach them; undefined when randexp cannot read it. */
  private fromPattern(pattern: string, min: number, max: number): string | undefined {
    try {
      const r = new RandExp(pattern);
      // repetitions (`+`, `*`) run up to 8 more, or up to the length asked for; an open one (randexp draws it
      // between its minimum a and a + r.max) runs at least to the minimum length: `^[0-9a-f]+$` of 40 is 40 long
      const top = Math.max(8, Number.isFinite(max) ? max : min);
      r.max = top;
      r.randInt = (a: number, b: number) =>
        this.f.number.int({ min: b === a + top && min > a ? Math.min(min, b) : a, max: b === a + top ? Math.min(b, Math.max(a, max)) : b });
      let v = r.gen();
      for (let i = 0; i < 8 && (v.length < min || v.length > max); i++) v = r.gen();
      return v;
    } catch {
      return undefined; // a pattern randexp cannot read: the caller's check decides
    }
  }

  private number(s: Schema, name: string, integer: boolean): number {
    let min = typeof s.minimum === 'number' ? s.minimum : -Infinity;
    let max = typeof s.maximum === 'number' ? s.maximum : Infinity;
    const step = integer ? 1 : 0.01;
    if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, s.exclusiveMinimum + step);
    if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, s.exclusiveMaximum - step);
    let v = numberByName(this.f, name, integer, min, max);
    if (v === undefined) {
      const lo = Number.isFinite(min) ? min : Number.isFinite(max) ? max - 100 : 1;
      const hi = Number.isFinite(max) ? max : lo + 100;
      v = integer
        ? this.f.number.int({ min: Math.ceil(lo), max: Math.floor(hi) })
        : this.f.number.float({ min: lo, max: hi, fractionDigits: 2 });
    }
    if (typeof s.multipleOf === 'number' && s.multipleOf > 0) {
      const m = s.multipleOf;
      v = Math.ceil(v / m) * m;
      if (v > max) v -= m;
    }
    return v;
  }
}

function typeOf(s: Schema): string | undefined {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
  if (s.properties || s.additionalProperties) return 'object';
  if (s.items || s.prefixItems) return 'array';
  return undefined;
}

function isNullSchema(s: unknown): boolean {
  return !!s && typeof s === 'object' && (s as Schema).type === 'null';
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}

/** A local `$ref` (`#/components/schemas/Pet`) in the document. */
function resolve(doc: unknown, ref: string): unknown {
  const hash = ref.indexOf('#');
  if (hash < 0) return undefined;
  let node = doc;
  for (const raw of ref
    .slice(hash + 1)
    .split('/')
    .slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
