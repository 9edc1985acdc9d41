/**
 * PHP's strnatcmp (case-sensitive natural order), ported from ext/standard/strnatcmp.c.
 * 2.4.4 to 2.4.7 sort the encoded parameter names with it, so `filter[2]` comes before
 * `filter[10]` there and after it in 2.4.8.
 */
export function compareNatural(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length > b.length ? 1 : -1;
  // past the end reads as NUL, as the C code reads a zend_string's terminator
  const at = (s: string, i: number): number => (i < s.length ? s.charCodeAt(i) : 0);
  let ai = 0;
  let bi = 0;
  let leading = true;
  for (;;) {
    if (leading) {
      while (at(a, ai) === ZERO && ai + 1 < a.length && isDigit(at(a, ai + 1))) ai++;
      while (at(b, bi) === ZERO && bi + 1 < b.length && isDigit(at(b, bi + 1))) bi++;
      leading = false;
    }
    while (isSpace(at(a, ai))) ai++;
    while (isSpace(at(b, bi))) bi++;
    let ca = at(a, ai);
    let cb = at(b, bi);
    if (isDigit(ca) && isDigit(cb)) {
      const fractional = ca === ZERO || cb === ZERO;
      const run = fractional ? compareLeft(a, ai, b, bi) : compareRight(a, ai, b, bi);
      if (run.result !== 0) return run.result;
      ai = run.ai;
      bi = run.bi;
      if (ai === a.length && bi === b.length) return 0;
      if (ai === a.length) return -1;
      if (bi === b.length) return 1;
      ca = at(a, ai);
      cb = at(b, bi);
    }
    if (ca !== cb) return ca < cb ? -1 : 1;
    ai++;
    bi++;
    if (ai >= a.length && bi >= b.length) return 0;
    if (ai >= a.length) return -1;
    if (bi >= b.length) return 1;
  }
}

const ZERO = 0x30;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

interface RunResult {
  result: number;
  ai: number;
  bi: number;
}

/** Right-aligned digit runs: the longer run wins, else the first difference. */
function compareRight(a: string, ai: number, b: string, bi: number): RunResult {
  let bias = 0;
  for (; ; ai++, bi++) {
    const da = ai < a.length && isDigit(a.charCodeAt(ai));
    const db = bi < b.length && isDigit(b.charCodeAt(bi));
    if (!da && !db) return { result: bias, ai, bi };
    if (!da) return { result: -1, ai, bi };
    if (!db) return { result: 1, ai, bi };
    const diff = a.charCodeAt(ai) - b.charCodeAt(bi);
    if (bias === 0 && diff !== 0) bias = diff < 0 ? -1 : 1;
  }
}

/** Left-aligned digit runs (one starts with 0): the first difference wins. */
function compareLeft(a: string, ai: number, b: string, bi: number): RunResult {
  for (; ; ai++, bi++) {
    const da = ai < a.length && isDigit(a.charCodeAt(ai));
    const db = bi < b.length && isDigit(b.charCodeAt(bi));
    if (!da && !db) return { result: 0, ai, bi };
    if (!da) return { result: -1, ai, bi };
    if (!db) return { result: 1, ai, bi };
    const diff = a.charCodeAt(ai) - b.charCodeAt(bi);
    if (diff !== 0) return { result: diff < 0 ? -1 : 1, ai, bi };
  }
}
