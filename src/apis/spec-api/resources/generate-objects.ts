import { createHash } from 'node:crypto';
import type { RandomSource } from '../../../core/types.js';
import type { Collection } from '../../../spec/infer-collections.js';
import type { SampleOf } from '../../../spec/samples.js';
import { answerShape, inEnvelope } from './answer-shape.js';
import { newTextId } from './new-id.js';

// Bump when the maker makes other objects from the same schema and seed: namespaces seeded by the old one are reseeded.
export const MADE_FORMAT = 2;

export interface GeneratedObject {
  object: Record<string, unknown>;
  owner?: string;
}

/**
 * `count` objects made from the collection's item schema (its item GET's answer, else its
 * POST's), realistic and checked against it (src/spec/samples.ts), with ids by the
 * collection's rule: integers from one above `after`, UUIDs and slugs from the seed's own
 * randomness. The same seed, collection and parent make the same objects, so a reset brings
 * the same ones back. Owners, when named, take them in turn.
 */
export function generateObjects(parts: {
  api: string;
  doc: unknown;
  sample: SampleOf;
  collection: Collection;
  parent: string;
  count: number;
  owners?: readonly string[];
  after: number;
}): GeneratedObject[] {
  const { api, doc, sample, collection: c, parent, count, owners } = parts;
  const op = c.read ?? c.create;
  if (!op || !sample.objects || count <= 0) return [];
  const shape = answerShape(doc, op);
  const at = op.responses.get(shape.key ?? String(shape.status))?.schemaAt.get('application/json');
  if (at === undefined) return [];
  const key = `${c.name} ${parent}`;
  const random = seededRandom(`${sample.settings?.seed ?? 1} ${api} ${key}`);
  return sample.objects(api, at, key, count).map((made, i) => {
    const object = { ...inEnvelope(made, shape.envelope) };
    object[c.idProperty] = c.idKind === 'integer' ? parts.after + i + 1 : newTextId(c.idKind, random);
    const owner = owners?.length ? owners[i % owners.length] : undefined;
    return { object, ...(owner ? { owner } : {}) };
  });
}

/** Bytes drawn from a seed (SHA-256 in counter mode): the same seed, the same ids. */
function seededRandom(seed: string): RandomSource {
  let counter = 0;
  return {
    bytes(n) {
      const chunks: Buffer[] = [];
      for (let got = 0; got < n; got += 32) chunks.push(createHash('sha256').update(`${seed} ${counter++}`).digest());
      return Buffer.concat(chunks).subarray(0, n);
    },
  };
}
