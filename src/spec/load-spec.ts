import { basename, resolve } from 'node:path';
import { readDocument } from './read-document.js';
import { bundleDocument, hasExternalRefs, setAsideExtensionRefs } from './bundle-document.js';
import { upgradeDocument } from './upgrade-document.js';
import { normalizeSchemas, type Mended } from './normalize-schemas.js';
import { SpecError } from './spec-error.js';
import { resolvePointer } from './json-pointer.js';

/** A spec as read from its file: one OpenAPI 3.1 document with local `$ref`s only. */
export interface LoadedSpec {
  /** the file's absolute path */
  path: string;
  /** the file's base name, for messages */
  file: string;
  /** the spec's name: the file name up to its first dot (`petstore.openapi.yaml` → `petstore`) */
  name: string;
  /** the id Ajv knows the whole document by */
  id: string;
  doc: Record<string, any>;
  /** the version the file was written in (`2.0`, `3.0.3`, `3.1.0`) */
  sourceVersion: string;
  /** the other files its `$ref`s pulled in (the compile cache is keyed by them too) */
  includes: string[];
  /** schemas whose quirks (draft-04 tuples, a stray `nullable`) were mended on load */
  mended: number;
  /** where a boolean `exclusiveMinimum`/`exclusiveMaximum` (OpenAPI 3.0's form) was read as an exclusive bound on load */
  booleanBounds: readonly string[];
}

const NOTHING_MENDED: Mended = Object.freeze({ count: 0, booleanBounds: [] });

/** `petstore.openapi.yaml` → `petstore`. */
export function specName(path: string): string {
  return basename(path).split('.')[0];
}

/** What a spec's name may be: the control API addresses it in paths and queries (`/__authmock/identities/{api}`). */
export const SPEC_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Fails, naming the file, for a spec whose name a control path could not carry as it is. */
export function checkSpecName(path: string): void {
  const name = specName(path);
  if (SPEC_NAME.test(name)) return;
  const reason = `its name ${JSON.stringify(name)} (the file name up to the first dot) must be 1 to 64 of A-Z a-z 0-9 _ -, as the control API addresses it; rename the file`;
  throw new SpecError(basename(path), '', undefined, reason);
}

/**
 * Reads a spec as a user hands it over: YAML or JSON; `$ref`s to other files brought in;
 * Swagger 2.0 and OpenAPI 3.0 upgraded to 3.1. Fails with a SpecError naming the file,
 * the place and the problem. `$ref`s read files only in the spec's folder and `refRoots`.
 */
export async function loadSpec(path: string, refRoots: readonly string[] = []): Promise<LoadedSpec> {
  const absolute = resolve(path);
  const file = basename(absolute);
  let doc = readDocument(absolute);
  let includes: string[] = [];
  setAsideExtensionRefs(doc);
  if (hasExternalRefs(doc)) ({ doc, includes } = await bundleDocument(absolute, doc, refRoots));
  const upgraded = upgradeDocument(file, doc);
  const mended = normalizeSchemas(upgraded.doc);
  return specFromDoc(absolute, upgraded.doc, upgraded.sourceVersion, includes, mended);
}

/** Checks the top of a 3.1 document and gives it the id its schemas are compiled under. */
export function specFromDoc(
  path: string,
  doc: unknown,
  sourceVersion: string,
  includes: string[] = [],
  mended: Mended = NOTHING_MENDED,
): LoadedSpec {
  const file = basename(path);
  if (!doc || typeof doc !== 'object') throw new SpecError(file, '', undefined, 'is not an object');
  const spec = doc as Record<string, any>;
  if (typeof spec.openapi !== 'string' || !spec.openapi.startsWith('3.1')) {
    throw new SpecError(file, '/openapi', undefined, `must be OpenAPI 3.1.x, found ${String(spec.openapi)}`);
  }
  if (spec.paths !== undefined && (spec.paths === null || typeof spec.paths !== 'object')) {
    throw new SpecError(file, '/paths', undefined, 'must be an object');
  }
  const name = specName(path);
  const id = `https://authmock.local/specs/${encodeURIComponent(name)}`;
  return { path, file, name, id, doc: spec, sourceVersion, includes, mended: mended.count, booleanBounds: mended.booleanBounds };
}

/** Follows a local `$ref` between OpenAPI objects (responses, parameters, examples). */
export function deref<T = any>(spec: Pick<LoadedSpec, 'file' | 'doc'>, node: any, at: string, operationId?: string): T {
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
