import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { readDocument } from './read-document.js';
import { SpecError } from './spec-error.js';
import { toPointer } from './json-pointer.js';

/** A `$ref` to another file, where it is written. */
interface FileRef {
  ref: string;
  at: string;
}

/** `https://…`, `file:…`: a URL, not a path (two letters at least, so `C:\…` stays a path). */
const URL_REF = /^[a-z][a-z0-9+.-]+:/i;

/**
 * Follows every `$ref` to another file from the spec at `specPath` (and from the files
 * those bring in) before anything is bundled, and stops with a SpecError naming the file
 * that holds the ref, its JSON pointer and the ref when one points to a URL or to a file
 * outside the spec's folder and `refRoots`. A target is checked by its real path, links
 * resolved, before it is read: nothing outside those folders is ever opened. A spec that
 * is handed over may come from anyone; `../../etc/passwd` must not end up in an answer.
 */
export function confineRefs(specPath: string, doc: unknown, refRoots: readonly string[] = []): void {
  const roots = readableRoots(specPath, refRoots);
  const seen = new Set<string>([realPathOrSelf(specPath)]);
  const queue: { path: string; doc: unknown }[] = [{ path: specPath, doc }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const { ref, at } of findFileRefs(next.doc)) {
      const fail = (why: string): never => {
        throw new SpecError(shownPath(next!.path, specPath), at, undefined, `$ref ${ref} ${why}`);
      };
      if (URL_REF.test(ref)) fail('points to a URL; only files are resolved (download it beside the spec)');
      const target = resolve(dirname(next.path), decodeRefPath(ref.split('#')[0]));
      const real = realPathOrSelf(target);
      if (!isConfined(real, roots))
        fail(
          `points outside the spec's folder${refRoots.length ? ' and the refRoots' : ''}; only files there are read (list a folder in refRoots of authmock.yaml to allow it)`,
        );
      if (seen.has(real)) continue;
      seen.add(real);
      const read = readIfDocument(target);
      if (read) queue.push({ path: target, doc: read });
    }
  }
}

/** Every `$ref` whose target is another file, with its JSON pointer; as the bundler does, examples included. */
function findFileRefs(node: unknown, at = '', out: FileRef[] = []): FileRef[] {
  if (!node || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) out.push({ ref: value, at });
    else if (value && typeof value === 'object') findFileRefs(value, at + toPointer([key]), out);
  }
  return out;
}

/** The real paths of the folders a spec's refs may read: its own and the project's `refRoots`. */
export function readableRoots(specPath: string, refRoots: readonly string[]): string[] {
  return [dirname(specPath), ...refRoots].map(realPathOrSelf);
}

/** Whether the file at `path` (links resolved) is in one of `roots` or below it. */
export function isConfined(path: string, roots: readonly string[]): boolean {
  const real = realPathOrSelf(path);
  return roots.some((root) => {
    const rel = relative(root, real);
    return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
  });
}

/** The real path, links resolved; a missing file keeps its own (the bundler then says it does not resolve). */
function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** A ref's file part is a URI reference: `my%20schemas.yaml` is `my schemas.yaml`. */
function decodeRefPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A file brought in, parsed to follow its own refs; one that is no document is left to the bundler. */
function readIfDocument(path: string): unknown {
  try {
    return readDocument(path);
  } catch {
    return undefined;
  }
}

/** The spec by its name, another file by its path from the spec's folder. */
function shownPath(path: string, specPath: string): string {
  return path === specPath ? specPath.split(sep).pop()! : relative(dirname(specPath), path);
}
