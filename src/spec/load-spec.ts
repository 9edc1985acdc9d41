import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseYaml } from './parse-yaml.js';
import { SpecError } from './spec-error.js';
import { resolvePointer } from './json-pointer.js';

export interface LoadedSpec {
  file: string;
  /** the id Ajv knows the whole document by */
  id: string;
  doc: Record<string, any>;
}

export function loadSpec(path: string): LoadedSpec {
  const file = basename(path);
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SpecError(file, '', undefined, `cannot be read or parsed: ${(err as Error).message}`);
  }
  return specFromDoc(file, doc);
}

/** Checks the top of a parsed document and gives it the id schemas are compiled under. */
export function specFromDoc(file: string, doc: unknown): LoadedSpec {
  if (!doc || typeof doc !== 'object') throw new SpecError(file, '', undefined, 'is not an object');
  const spec = doc as Record<string, any>;
  if (typeof spec.openapi !== 'string' || !spec.openapi.startsWith('3.1')) {
    throw new SpecError(file, '/openapi', undefined, `must be OpenAPI 3.1.x, found ${String(spec.openapi)}`);
  }
  if (!spec.paths || typeof spec.paths !== 'object') throw new SpecError(file, '/paths', undefined, 'is missing');
  return { file, id: `https://authmock.local/specs/${encodeURIComponent(file)}`, doc: spec };
}

/** Follows a local `$ref` between OpenAPI objects (responses, parameters, examples). */
export function deref<T = any>(spec: LoadedSpec, node: any, at: string, operationId?: string): T {
  let current = node;
  for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#') || hops > 20) {
      throw new SpecError(spec.file, at, operationId, `unsupported $ref ${ref} (only local refs are followed)`);
    }
    current = resolvePointer(spec.doc, ref.slice(1));
    if (current === undefined) throw new SpecError(spec.file, at, operationId, `$ref ${ref} does not resolve`);
  }
  return current as T;
}
