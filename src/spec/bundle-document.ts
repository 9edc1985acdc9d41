import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecError } from './spec-error.js';
import { confineRefs, isConfined, readableRoots } from './confine-refs.js';

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
 * Sets aside (in place) the `$ref`s to other files inside vendor extensions (`x-…`, other than
 * authmock's own `x-authmock-…`): authmock reads nothing there, and specs in the wild point
 * them at files that are not schemas or not shipped with the spec (Redocly's `x-topics` at
 * Markdown pages), which would stop the start. Each becomes `x-ref-not-read`. Returns how many.
 */
export function setAsideExtensionRefs(node: unknown, inExtension = false): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + setAsideExtensionRefs(item, inExtension), 0);
  if (!node || typeof node !== 'object') return 0;
  const object = node as Record<string, unknown>;
  let count = 0;
  if (inExtension && typeof object.$ref === 'string' && !object.$ref.startsWith('#')) {
    object['x-ref-not-read'] = object.$ref;
    delete object.$ref;
    count++;
  }
  for (const [key, value] of Object.entries(object)) {
    if (value && typeof value === 'object') {
      const extension = inExtension || (key.startsWith('x-') && !key.startsWith('x-authmock-'));
      count += setAsideExtensionRefs(value, extension);
    }
  }
  return count;
}

/**
 * The document with every `$ref` to another file brought inside it (json-schema-ref-parser's
 * bundle: each external target is placed where it is first used, and later uses point
 * there), so everything downstream sees one document with local refs only. Files only,
 * in the spec's folder or the project's `refRoots` (confine-refs.ts): a ref to a URL or
 * elsewhere stops the start. Returns the files that were read, which are part of what
 * the compile cache is keyed by.
 */
export async function bundleDocument(
  path: string,
  doc: Record<string, any>,
  refRoots: readonly string[] = [],
): Promise<{ doc: Record<string, any>; includes: string[] }> {
  const file = basename(path);
  confineRefs(path, doc, refRoots);
  const roots = readableRoots(path, refRoots);
  const { default: $RefParser } = require('@apidevtools/json-schema-ref-parser') as typeof import('@apidevtools/json-schema-ref-parser');
  const parser = new $RefParser();
  let bundled: Record<string, any>;
  try {
    bundled = (await parser.bundle(resolve(path), structuredClone(doc) as object, {
      resolve: { http: false, external: true, file: { read: (f: { url: string }) => readConfined(f.url, roots) } },
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

/** The parser's file reads, checked again where they happen: confineRefs has named the ref already. */
async function readConfined(url: string, roots: readonly string[]): Promise<Buffer> {
  // the parser keeps a file's path as a URI (`my%20schemas.yaml`)
  const path = url.startsWith('file:') ? fileURLToPath(url) : safeDecodeUri(url);
  if (!isConfined(path, roots)) throw new Error(`${path} is outside the folders a spec's $refs may read`);
  return readFile(path);
}

function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
