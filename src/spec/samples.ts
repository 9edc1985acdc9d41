import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { Operation } from '../core/types.js';
import type { LoadedSpec } from './load-spec.js';
import { createFaker, makeRealisticValue } from './realistic-value.js';
import type { Faker } from '@faker-js/faker';

// openapi-sampler is loaded on the first answer that needs a generated body.
const require = createRequire(import.meta.url);

/** What one request asks of a made body: its path parameters pick the value, `Prefer: dynamic=true` a fresh one. */
export interface SampleRequest {
  pathParams?: Readonly<Record<string, unknown>>;
  fresh?: boolean;
}

/** A body made from a response schema, for an operation whose spec shows no example. */
export interface SampleOf {
  (op: Operation, status: string, mediaType: string, request?: SampleRequest): unknown;
  /** the settings it was made with (`serve --seed`, `--examples-only`, `--generate`) */
  readonly settings?: AnswerSettings;
  /** `count` objects of the schema at `at` (a JSON pointer into the api's spec), the `key` naming them: the same key and seed make the same objects */
  objects?(api: string, at: string, key: string, count: number): Record<string, unknown>[];
}

/** How authmock makes values (docs/serving-your-spec.md, "Realistic values"). */
export interface AnswerSettings {
  /** every made value's seed is mixed from this one */
  seed: number;
  /** examples, else openapi-sampler's plain sample: no realistic values */
  examplesOnly: boolean;
  /** objects to add to every collection's seeds (`serve --generate`) */
  generate: number;
}

export const DEFAULT_ANSWER_SETTINGS: AnswerSettings = Object.freeze({ seed: 1, examplesOnly: false, generate: 0 });

export interface SamplerOptions extends Partial<AnswerSettings> {
  /**
   * the compiled check of a schema `$ref` (`<spec id>#<pointer>`): a made value is sent only
   * once it passes; where there is none, or the compiler refuses the schema (the operation's
   * own validator warns of that), the answer is the plain sample
   */
  check?: (ref: string) => ValidateFunction | undefined;
}

// other picks among oneOf/anyOf alternatives after the first fails its schema (each costs a made value and a check, once per key)
const VARIED_TRIES = 8;

// a collection's generated objects hold optional properties and more than the fewest array items this deep only: a
// seed list of 20 of Stripe's customers at the answers' depth was 290 KB, lists of subscriptions of items of prices in each
const SEED_DEPTH = 3;

// made values kept per seed and key; beyond this many, the oldest go (a client walking a million ids must not fill the heap)
const MAX_KEPT = 10_000;

/**
 * Bodies generated from response schemas: a realistic value made from the schema with a
 * seeded Faker (by format, by property name, within the schema's bounds; src/spec/realistic-value.ts),
 * checked against the schema; where it fails, Redocly's openapi-sampler's plain sample (the
 * schema's own `examples`, `default`, `enum` and `const` first, then a typical value per type
 * and format). The seed mixes `serve --seed`, the operation and the path parameters, so the
 * same request gets the same bytes on every start and `/users/8` another person than
 * `/users/7`. Each is made once per seed and key and kept; `fresh` makes a new one each call.
 * An error's body (4xx, 5xx, `default`) holds only the required properties, at every depth:
 * a refusal made of every optional field of a vendor's error object is kilobytes of
 * placeholders a client never reads.
 */
export function createSampler(specs: readonly LoadedSpec[], options: SamplerOptions = {}): SampleOf {
  const settings: AnswerSettings = Object.freeze({
    seed: options.seed ?? DEFAULT_ANSWER_SETTINGS.seed,
    examplesOnly: options.examplesOnly ?? false,
    generate: options.generate ?? 0,
  });
  const byName = new Map(specs.map((s) => [s.name, s]));
  const made = new Map<string, unknown>();
  // schemas the compiler refused: asked once, not on every answer
  const refused = new Set<string>();
  const checkOf = (ref: string): ValidateFunction | undefined => {
    if (refused.has(ref)) return undefined;
    try {
      return options.check?.(ref);
    } catch {
      refused.add(ref);
      return undefined;
    }
  };
  let freshCount = 0;
  let faker: Faker | undefined; // one per sampler, made on the first value and reseeded for each
  const keep = (key: string, body: unknown) => {
    if (made.size >= MAX_KEPT) made.delete(made.keys().next().value!);
    made.set(key, body);
  };
  /**
   * A realistic value that passes the schema, or undefined. Tries, in turn: with the spec's
   * examples (an answer shows them), without (a spec's example that fails its own schema:
   * Swagger's Petstore has a password of 12345), then a few other picks among `oneOf`/`anyOf`
   * alternatives (Box's event source: the first alternative also matches another, which oneOf forbids).
   */
  const realistic = (
    spec: LoadedSpec,
    at: string,
    seed: string,
    {
      skipNonRequired,
      useExamples,
      pathParams,
      maxDepth,
    }: { skipNonRequired: boolean; useExamples: boolean; pathParams?: SampleRequest['pathParams']; maxDepth?: number },
  ): unknown => {
    const validate = checkOf(`${spec.id}#${at}`);
    if (!validate) return undefined;
    const tries = [
      ...(useExamples ? [{ useExamples: true, vary: false, seed }] : []),
      { useExamples: false, vary: false, seed },
      ...Array.from({ length: VARIED_TRIES }, (_, i) => ({ useExamples: false, vary: true, seed: `${seed} try ${i + 1}` })),
    ];
    for (const attempt of tries) {
      try {
        faker ??= createFaker();
        const value = makeRealisticValue({ $ref: `#${at}` }, { doc: spec.doc, skipNonRequired, faker, maxDepth, ...attempt });
        if (value === undefined || !validate(value)) continue;
        return pathParams ? withPathId(value, pathParams, (v) => validate(v) as boolean) : value;
      } catch {
        // a schema the maker cannot read: the next try, else the plain sample
      }
    }
    return undefined;
  };
  const sampler = ((op, status, mediaType, request) => {
    const params = request?.pathParams ? Object.entries(request.pathParams).sort() : [];
    const fresh = request?.fresh === true && !settings.examplesOnly;
    const base = `${op.api} ${op.operationId} ${status} ${mediaType}`;
    const key = params.length ? `${base} ${JSON.stringify(params)}` : base;
    if (!fresh && made.has(key)) return made.get(key);
    const at = op.responses.get(status)?.schemaAt.get(mediaType);
    const spec = byName.get(op.api);
    let body: unknown;
    if (at !== undefined && spec) {
      const skipNonRequired = isErrorStatus(status);
      if (!settings.examplesOnly) {
        const seed = `${settings.seed} ${key}${fresh ? ` fresh ${++freshCount} ${Date.now()}` : ''}`;
        body = realistic(spec, at, seed, { skipNonRequired, useExamples: true, pathParams: request?.pathParams });
      }
      body ??= plainSample(spec.doc, at, skipNonRequired);
    }
    if (!fresh) keep(key, body);
    return body;
  }) as SampleOf & { settings: AnswerSettings };
  Object.assign(sampler, {
    settings,
    objects(api: string, at: string, key: string, count: number) {
      const spec = byName.get(api);
      if (!spec) return [];
      const out: Record<string, unknown>[] = [];
      for (let i = 0; i < count; i++) {
        const value =
          realistic(spec, at, `${settings.seed} ${api} ${key} ${i}`, {
            skipNonRequired: false,
            useExamples: false,
            maxDepth: SEED_DEPTH,
          }) ?? plainSample(spec.doc, at, false);
        if (value && typeof value === 'object' && !Array.isArray(value)) out.push(value as Record<string, unknown>);
      }
      return out;
    },
  });
  return sampler;
}

/**
 * GET /people/7 answers a person whose id is 7: the made object's property named like the
 * path's last parameter (else `id`) takes its value, where the schema still holds.
 */
function withPathId(value: unknown, params: NonNullable<SampleRequest['pathParams']>, valid: (v: unknown) => boolean): unknown {
  const name = Object.keys(params).at(-1);
  if (name === undefined || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  const key = name in object ? name : 'id' in object ? 'id' : undefined;
  const given = params[name];
  if (key === undefined || (typeof given !== 'string' && typeof given !== 'number')) return value;
  const raw = String(given); // validated path parameters come typed: 7, not "7"
  const current = object[key];
  const next = typeof current === 'number' && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : typeof current === 'string' ? raw : undefined;
  if (next === undefined) return value;
  const changed = { ...object, [key]: next };
  return valid(changed) ? changed : value;
}

function plainSample(doc: unknown, at: string, skipNonRequired: boolean): unknown {
  const { sample } = require('openapi-sampler') as typeof import('openapi-sampler');
  try {
    return sample({ $ref: `#${at}` }, { skipWriteOnly: true, skipNonRequired, quiet: true, maxSampleDepth: 8 }, doc as never);
  } catch {
    return undefined; // a schema the sampler cannot follow answers without a body
  }
}

/** A response key for an error: 4xx, 5xx, their ranges, or `default` (only ever sampled for a refusal or a failure). */
function isErrorStatus(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}
