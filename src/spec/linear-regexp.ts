import { createRequire } from 'node:module';

// Required when a pattern is first compiled: a start from the compile cache loads it from the cached code.
const require = createRequire(import.meta.url);

/** What Ajv needs of a compiled pattern. */
export interface LinearPattern {
  test(input: string): boolean;
}

/**
 * The same function as source text, for the standalone validators of the compile cache
 * (Ajv writes `code` where the cached module defines the function). Keep it equal to
 * compileLinearPattern below.
 */
const CODE = '((p) => { const { RE2JS } = require("re2js"); return RE2JS.compile(RE2JS.translateRegExp(p)); })';

/**
 * Each pattern compiled once per process: RE2 compiles a program (`{1,64}` unrolled), some
 * 50 to 200 µs against RegExp's microsecond, and a spec's patterns are compiled twice (the
 * scan at start, check-refs.ts, then Ajv) and repeat across its schemas. A compiled
 * pattern holds no state between matches, so one serves every validator.
 */
const compiled = new Map<string, LinearPattern | Error>();

/**
 * A spec's `pattern` compiled by RE2 (re2js): matching takes time linear in the input,
 * so a pattern such as `^(a+)+$` cannot hold the event loop. ECMAScript syntax (`\u00e9`,
 * `(?<name>…)`) is translated first. Throws on what RE2 cannot run in linear time:
 * backreferences and lookaround.
 */
export function compileLinearPattern(pattern: string): LinearPattern {
  let found = compiled.get(pattern);
  if (found === undefined) {
    const { RE2JS } = require('re2js') as typeof import('re2js');
    try {
      found = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (err) {
      found = err as Error;
    }
    compiled.set(pattern, found);
  }
  if (found instanceof Error) throw found;
  return found;
}

/** Ajv's `code.regExp` option: its second argument (the `u` flag) changes nothing, RE2 reads code points. */
export const linearRegExp = Object.assign((pattern: string) => compileLinearPattern(pattern), { code: CODE });

/** Why RE2 refuses the pattern, or undefined when it takes it. */
export function findPatternError(pattern: string): string | undefined {
  try {
    compileLinearPattern(pattern);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
