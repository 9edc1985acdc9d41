import { createRequire } from 'node:module';
import type { Operation } from '../core/types.js';
import type { LoadedSpec } from './load-spec.js';

// openapi-sampler is loaded on the first answer that needs a generated body.
const require = createRequire(import.meta.url);

/** A body made from a response schema, for an operation whose spec shows no example. */
export type SampleOf = (op: Operation, status: string, mediaType: string) => unknown;

/**
 * Bodies generated from response schemas with Redocly's openapi-sampler: the schema's
 * own `examples`, `default`, `enum` and `const` first, then a typical value per type and
 * format, so the same request gets the same bytes every time. Each is made once per
 * runtime, on first use (a spec of a thousand operations starts without making any).
 * An error's body (4xx, 5xx, `default`) holds only the required properties, at every depth:
 * a refusal made of every optional field of a vendor's error object is kilobytes of
 * placeholders a client never reads.
 */
export function createSampler(specs: readonly LoadedSpec[]): SampleOf {
  const docs = new Map(specs.map((s) => [s.name, s.doc]));
  const made = new Map<string, unknown>();
  return (op, status, mediaType) => {
    const key = `${op.api} ${op.operationId} ${status} ${mediaType}`;
    if (made.has(key)) return made.get(key);
    const at = op.responses.get(status)?.schemaAt.get(mediaType);
    const doc = docs.get(op.api);
    let body: unknown;
    if (at !== undefined && doc) {
      const { sample } = require('openapi-sampler') as typeof import('openapi-sampler');
      try {
        const skipNonRequired = isErrorStatus(status);
        body = sample({ $ref: `#${at}` }, { skipWriteOnly: true, skipNonRequired, quiet: true, maxSampleDepth: 8 }, doc);
      } catch {
        body = undefined; // a schema the sampler cannot follow answers without a body
      }
    }
    made.set(key, body);
    return body;
  };
}

/** A response key for an error: 4xx, 5xx, their ranges, or `default` (only ever sampled for a refusal or a failure). */
function isErrorStatus(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}
