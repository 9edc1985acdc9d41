import { createRequire } from 'node:module';
import { compileLinearPattern, linearRegExp, type LinearPattern } from '../spec/linear-regexp.js';

const require = createRequire(import.meta.url);

interface PatternContext {
  it: { opts: { code: { regExp: unknown } } };
}

type UsePattern = ((cxt: PatternContext, pattern: string) => unknown) & { original?: UsePattern };

/**
 * Spectral checks a spec's examples against its schemas with Ajv instances it builds
 * itself, on JavaScript's backtracking RegExp and with no option to change that: a
 * stranger's `pattern: '^(a+)+$'` with a 41-character example held `authmock lint` for
 * minutes. Ajv's keywords call `usePattern` through its module's exports on every compile,
 * so wrapping it there hands every Ajv instance of the Ajv copy Spectral loads the RE2
 * engine (linear-regexp.ts) before its first pattern compiles. A pattern RE2 refuses
 * (backreference, lookaround) matches anything and is passed to `onRefused` (that of the
 * latest call: each run wraps Ajv's own function afresh).
 */
export function useLinearPatterns(onRefused: (pattern: string, message: string) => void): void {
  const fromSpectral = createRequire(require.resolve('@stoplight/spectral-functions'));
  const code = fromSpectral('ajv/dist/vocabularies/code.js') as { usePattern: UsePattern };
  const original = code.usePattern.original ?? code.usePattern;
  // no source text: Spectral never writes its validators out as standalone code
  const regExp = Object.assign((pattern: string) => compileOrMatchAll(pattern, onRefused), { code: 'undefined' });
  code.usePattern = Object.assign(
    (cxt: PatternContext, pattern: string) => {
      // authmock's own instances (create-ajv.ts) are on RE2 already, strict about refusals
      if (cxt.it.opts.code.regExp !== linearRegExp) cxt.it.opts.code.regExp = regExp;
      return original(cxt, pattern);
    },
    { original },
  );
}

function compileOrMatchAll(pattern: string, onRefused: (pattern: string, message: string) => void): LinearPattern {
  try {
    return compileLinearPattern(pattern);
  } catch (err) {
    onRefused(pattern, (err as Error).message);
    // Ajv keys its scope by toString: each refused pattern keeps its own entry
    return { test: () => true, toString: () => `unchecked ${pattern}` } as LinearPattern;
  }
}
