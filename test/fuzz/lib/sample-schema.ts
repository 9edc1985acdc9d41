import { JSONSchemaFaker } from 'json-schema-faker';
import type { Schema } from './api-model.js';

/**
 * A value valid against `schema`, from json-schema-faker driven by a seeded PRNG, so
 * the same seed always gives the same value. Optional properties are sometimes left
 * out, sometimes filled; extra properties are never invented (mutations add those).
 */
export function sampleSchema(schema: Schema, seed: number): unknown {
  JSONSchemaFaker.option({
    random: mulberry32(seed),
    alwaysFakeOptionals: false,
    optionalsProbability: 0.5,
    fillProperties: false,
    useExamplesValue: false,
    useDefaultValue: false,
    failOnInvalidTypes: false,
    failOnInvalidFormat: false,
    maxLength: 300,
  });
  return JSONSchemaFaker.generate(forSampler(schema) as any);
}

/**
 * `properties: {username: true}` inside an anyOf branch (the spec's way of naming the
 * branch for openapi-typescript) makes the sampler emit `username: true`; the property's
 * real schema is at the top, so the marker is dropped.
 */
function forSampler(schema: Schema): Schema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'xml' || key.startsWith('x-')) continue;
      if (key === 'properties' && value && typeof value === 'object') {
        out[key] = Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== true)
            .map(([k, v]) => [k, walk(v)]),
        );
      } else out[key] = walk(value);
    }
    return out;
  };
  return walk(schema) as Schema;
}

/** A small seeded PRNG (Math.random's stand-in for the sampler). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
