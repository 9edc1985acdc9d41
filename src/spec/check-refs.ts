import { refSegments, resolvePointer, toPointer } from './json-pointer.js';
import { findPatternError } from './linear-regexp.js';

const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** What stops a schema from compiling, found without compiling it. */
export type SchemaFinding = { kind: 'broken-ref'; ref: string } | { kind: 'bad-pattern'; message: string };

type Memo = Map<object, SchemaFinding | undefined>;

/**
 * Finds, without compiling, what would stop a schema of a user's spec from compiling: a
 * local `$ref` that resolves to nothing (which stops the start) or a `pattern` RE2 cannot
 * run (linear-regexp.ts): a backreference, a lookaround, broken syntax (served unchecked,
 * with a warning naming the pattern and where it is). `at` is the node's JSON pointer.
 * Validators of user specs compile when first used; this keeps both findings at start-up.
 * Results are remembered per node in `memo`, shared across a spec, so checking every
 * schema of a spec costs one pass over it.
 */
export function scanSchema(doc: unknown, node: unknown, memo: Memo, at = ''): SchemaFinding | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  if (memo.has(node)) return memo.get(node);
  memo.set(node, undefined); // a cycle through $refs finds nothing new
  const finding = scanNode(doc, node as Record<string, unknown>, memo, at);
  memo.set(node, finding);
  return finding;
}

function scanNode(doc: unknown, node: Record<string, unknown>, memo: Memo, at: string): SchemaFinding | undefined {
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    const target = resolvePointer(doc, ref.slice(1));
    if (target === undefined) return { kind: 'broken-ref', ref };
    const found = scanSchema(doc, target, memo, toPointer(refSegments(ref)));
    if (found) return found;
  }
  const patterns = [
    ...(typeof node.pattern === 'string' ? [{ pattern: node.pattern, at: `${at}/pattern` }] : []),
    // the names of patternProperties are patterns too
    ...Object.keys(isObject(node.patternProperties) ? node.patternProperties : {}).map((pattern) => ({
      pattern,
      at: `${at}/patternProperties`,
    })),
  ];
  for (const { pattern, at: where } of patterns) {
    const error = findPatternError(pattern);
    if (error) return { kind: 'bad-pattern', message: `pattern ${JSON.stringify(pattern)} at ${where}: ${error}` };
  }
  for (const [key, value] of Object.entries(node)) {
    // data, not schema: an example may well contain a "$ref" of its own
    if (DATA_KEYS.has(key) || value === null || typeof value !== 'object') continue;
    const found = scanSchema(doc, value, memo, at + toPointer([key]));
    if (found) return found;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
