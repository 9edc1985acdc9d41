import { createRequire } from 'node:module';
import { basename, resolve } from 'node:path';
import { SpecError } from './spec-error.js';
import { toPointer } from './json-pointer.js';

// Loaded only when a spec has $refs to other files (a start from the cache never does).
const require = createRequire(import.meta.url);

/** Whether any `$ref` of the document points outside it (another file). */
export function hasExternalRefs(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRefs);
  if (!node || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true;
    if (typeof value === 'object' && hasExternalRefs(value)) return true;
  }
  return false;
}

/**
 * The document with every `$ref` to another file brought inside it (json-schema-ref-parser's
 * bundle: each external target is placed where it is first used, and later uses point
 * there), so everything downstream sees one document with local refs only. Files only:
 * a ref to a URL is refused, since a mock's start-up should not depend on the network.
 * Returns the files that were read, which are part of what the compile cache is keyed by.
 */
export async function bundleDocument(path: string, doc: Record<string, any>): Promise<{ doc: Record<string, any>; includes: string[] }> {
  const file = basename(path);
  const remote = findRemoteRef(doc);
  if (remote)
    throw new SpecError(
      file,
      remote.at,
      undefined,
      `$ref ${remote.ref} points to a URL; only files are resolved (download it beside the spec)`,
    );
  const { default: $RefParser } = require('@apidevtools/json-schema-ref-parser') as typeof import('@apidevtools/json-schema-ref-parser');
  const parser = new $RefParser();
  let bundled: Record<string, any>;
  try {
    bundled = (await parser.bundle(resolve(path), structuredClone(doc) as object, {
      resolve: { http: false, external: true },
    })) as Record<string, any>;
  } catch (err) {
    throw new SpecError(file, '', undefined, `a $ref to another file does not resolve: ${firstLine((err as Error).message)}`);
  }
  const root = resolve(path);
  const includes = parser.$refs
    .paths()
    .filter((p) => p !== root)
    .sort();
  return { doc: bundled, includes };
}

function findRemoteRef(node: unknown, at = ''): { ref: string; at: string } | undefined {
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return { ref: value, at };
    if (typeof value === 'object') {
      const found = findRemoteRef(value, at + toPointer([key]));
      if (found) return found;
    }
  }
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
