import { parsePointer } from '../../../spec/json-pointer.js';

/** RFC 7396: a merge patch's members replace the target's, `null` removes one, objects merge member by member. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** A JSON Patch the document cannot take (a path that is not there, a failed `test`). */
export class PatchError extends Error {
  override name = 'PatchError';
}

interface PatchOp {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

/** RFC 6902: the operations in order, on a copy; any failure fails the whole patch. */
export function jsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new PatchError('a JSON Patch is an array of operations');
  let out = structuredClone(doc);
  ops.forEach((raw, i) => {
    const op = raw as PatchOp;
    if (!isObject(raw) || typeof op.op !== 'string' || typeof op.path !== 'string')
      throw new PatchError(`operation ${i} needs op and path`);
    out = applyOne(out, op, i);
  });
  return out;
}

function applyOne(doc: unknown, op: PatchOp, i: number): unknown {
  switch (op.op) {
    case 'add':
      return add(doc, op.path, structuredClone(op.value), i);
    case 'remove':
      return remove(doc, op.path, i).doc;
    case 'replace':
      return add(remove(doc, op.path, i).doc, op.path, structuredClone(op.value), i);
    case 'move': {
      const taken = remove(doc, fromOf(op, i), i);
      return add(taken.doc, op.path, taken.value, i);
    }
    case 'copy':
      return add(doc, op.path, structuredClone(get(doc, fromOf(op, i), i)), i);
    case 'test':
      if (JSON.stringify(get(doc, op.path, i)) !== JSON.stringify(op.value))
        throw new PatchError(`operation ${i}: test failed at ${op.path}`);
      return doc;
    default:
      throw new PatchError(`operation ${i}: ${op.op} is not a JSON Patch operation`);
  }
}

function fromOf(op: PatchOp, i: number): string {
  if (typeof op.from !== 'string') throw new PatchError(`operation ${i} (${op.op}) needs from`);
  return op.from;
}

/** The parent container of a pointer's target and the target's key in it. */
function locate(doc: unknown, path: string, i: number): { parent: unknown; key: string } | undefined {
  const segments = parsePointer(path);
  if (segments.length === 0) return undefined;
  let parent = doc;
  for (const s of segments.slice(0, -1)) {
    parent = child(parent, s);
    if (parent === undefined) throw new PatchError(`operation ${i}: ${path} does not exist`);
  }
  return { parent, key: segments[segments.length - 1]! };
}

function child(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(key) ? node[Number(key)] : undefined;
  return isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
}

function get(doc: unknown, path: string, i: number): unknown {
  const at = locate(doc, path, i);
  if (!at) return doc;
  const value = child(at.parent, at.key);
  if (value === undefined) throw new PatchError(`operation ${i}: ${path} does not exist`);
  return value;
}

function add(doc: unknown, path: string, value: unknown, i: number): unknown {
  const at = locate(doc, path, i);
  if (!at) return value;
  const { parent, key } = at;
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : /^\d+$/.test(key) ? Number(key) : -1;
    if (index < 0 || index > parent.length) throw new PatchError(`operation ${i}: ${path} is outside the array`);
    parent.splice(index, 0, value);
  } else if (isObject(parent)) parent[key] = value;
  else throw new PatchError(`operation ${i}: ${path} has no container`);
  return doc;
}

function remove(doc: unknown, path: string, i: number): { doc: unknown; value: unknown } {
  const value = get(doc, path, i);
  const at = locate(doc, path, i);
  if (!at) return { doc: undefined, value };
  if (Array.isArray(at.parent)) at.parent.splice(Number(at.key), 1);
  else delete (at.parent as Record<string, unknown>)[at.key];
  return { doc, value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
