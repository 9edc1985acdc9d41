import { resolvePointer } from './json-pointer.js';

const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** What stops a schema from compiling, found without compiling it. */
export type SchemaFinding = { kind: 'broken-ref'; ref: string } | { kind: 'bad-pattern'; message: string };

/**
 * Finds, without compiling, what would stop a schema of a user's spec from compiling: a
 * local `$ref` that resolves to nothing (which stops the start) or a `pattern` that is no
 * JavaScript regular expression, as Java's `(?i)` is not (served unchecked, with a warning).
 * Validators of user specs compile when first used; this keeps both findings at start-up.
 * Results are remembered per node in `memo`, shared across a spec, so checking every
 * schema of a spec costs one pass over it.
 */
export function scanSchema(doc: unknown, node: unknown, memo: Map<object, SchemaFinding | undefined>): SchemaFinding | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  if (memo.has(node)) return memo.get(node);
  memo.set(node, undefined); // a cycle through $refs finds nothing new
  const finding = scanNode(doc, node as Record<string, unknown>, memo);
  memo.set(node, finding);
  return finding;
}

function scanNode(doc: unknown, node: Record<string, unknown>, memo: Map<object, SchemaFinding | undefined>): SchemaFinding | undefined {
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    const target = resolvePointer(doc, ref.slice(1));
    if (target === undefined) return { kind: 'broken-ref', ref };
    const found = scanSchema(doc, target, memo);
    if (found) return found;
  }
  if (typeof node.pattern === 'string') {
    const message = regexError(node.pattern);
    if (message) return { kind: 'bad-pattern', message };
  }
  for (const [key, value] of Object.entries(node)) {
    // data, not schema: an example may well contain a "$ref" of its own
    if (DATA_KEYS.has(key) || value === null || typeof value !== 'object') continue;
    const found = scanSchema(doc, value, memo);
    if (found) return found;
  }
  return undefined;
}

/** The compiler's complaint about a pattern (Ajv compiles them with the `u` flag), or undefined. */
function regexError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
