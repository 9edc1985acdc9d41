import type { ValidateFunction } from 'ajv';
import type { MediaExamples, MediaValidators } from '../core/types.js';
import { deref, type LoadedSpec } from './load-spec.js';
import { refSegments, toPointer } from './json-pointer.js';

/**
 * A `content` map's validators, property orders, examples and schema locations, by media
 * type (lower case, no parameters). A media type without a schema accepts anything.
 */
export function compileContent(spec: LoadedSpec, content: any, at: string[], compile: (at: string[]) => ValidateFunction): MediaValidators {
  const out: MediaValidators = { byType: new Map(), order: new Map(), examples: new Map(), schemaAt: new Map() };
  for (const [declared, media] of Object.entries<any>(content ?? {})) {
    const type = declared.split(';')[0].trim().toLowerCase();
    out.examples.set(type, readExamples(spec, media, toPointer([...at, declared])));
    if (!media?.schema) continue;
    const schemaAt = media.schema.$ref?.startsWith?.('#') ? refSegments(media.schema.$ref) : [...at, declared, 'schema'];
    out.schemaAt.set(type, toPointer(schemaAt));
    out.byType.set(type, compile([...at, declared, 'schema']));
    const schema = deref(spec, media.schema, toPointer([...at, declared, 'schema']));
    out.order.set(type, Object.keys(schema?.properties ?? {}));
  }
  return out;
}

/** `example`, then `examples` by name ($refs to components followed); an unusable one is skipped. */
function readExamples(spec: LoadedSpec, media: any, at: string): MediaExamples {
  const named: Record<string, unknown> = {};
  for (const [name, node] of Object.entries<any>(media?.examples ?? {})) {
    try {
      const ex = deref(spec, node, at);
      if (ex && typeof ex === 'object' && 'value' in ex) named[name] = ex.value;
    } catch {
      // an example whose $ref does not resolve is no example
    }
  }
  const first = media?.example !== undefined ? media.example : Object.values(named)[0];
  return first === undefined ? { named } : { first, named };
}
