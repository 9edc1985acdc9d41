/** How the values of a JSON text are masked, by the name of the key that holds them (redact.ts). */
export interface JsonMasks {
  /** a string value, `name` the key that holds it (an array's items have its key's name; undefined at the top) */
  string(value: string, name: string | undefined): string;
  /** whether a number or boolean under this key is masked whole (as `"***"`) */
  masksScalar(name: string): boolean;
}

/** A string JSON.stringify writes as it is: nothing to escape, no lone surrogate. */
const PLAIN_STRING = /"[^"\\\u0000-\u001f\ud800-\udfff]*"/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Keys JSON.parse and a copy would not keep in place: array-index names come first, `__proto__` is a prototype. */
const MOVED_KEY = /^(?:\d+|__proto__)$/;
const WORDS = ['true', 'false', 'null'] as const;
/** Nesting followed at most (a deeper text is parsed: no stack is spent on it here). */
const MAX_DEPTH = 64;

/**
 * A JSON text masked without parsing it, when it is as JSON.stringify writes it (no space,
 * nothing escaped, numbers as written back, no key twice, no key an object would move):
 * the same text as parsing it, masking the values and writing it again would give, made in
 * one pass. Answers undefined for any other text (the caller parses it then). Most bodies
 * a journal masks are answers JSON.stringify wrote.
 */
export function maskCompactJson(text: string, masks: JsonMasks): string | undefined {
  const scan = new Scan(text, masks);
  if (!scan.value(undefined, 0) || scan.at !== text.length) return undefined;
  // the text as it is between the values masked
  const { edits } = scan;
  let out = '';
  let from = 0;
  for (let i = 0; i < edits.length; i += 3) {
    out += text.slice(from, edits[i] as number) + (edits[i + 2] as string);
    from = edits[i + 1] as number;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Walks a compact JSON text, noting each value masked; false as soon as the text is not compact JSON. */
class Scan {
  at = 0;
  /** per value masked: where it starts, where it ends, what replaces it */
  readonly edits: (number | string)[] = [];

  constructor(
    private readonly text: string,
    private readonly masks: JsonMasks,
  ) {}

  /** The value at `at`, `name` the key that holds it. */
  value(name: string | undefined, depth: number): boolean {
    const c = this.text.charCodeAt(this.at);
    if (c === 0x22 /* " */) {
      const start = this.at;
      if (!this.string()) return false;
      const value = this.text.slice(start + 1, this.at - 1);
      const masked = this.masks.string(value, name);
      if (masked !== value) this.edits.push(start, this.at, JSON.stringify(masked));
      return true;
    }
    if (c === 0x7b /* { */) return depth < MAX_DEPTH && this.object(depth + 1);
    if (c === 0x5b /* [ */) return depth < MAX_DEPTH && this.array(name, depth + 1);
    return this.scalar();
  }

  private string(): boolean {
    PLAIN_STRING.lastIndex = this.at;
    if (!PLAIN_STRING.test(this.text)) return false;
    this.at = PLAIN_STRING.lastIndex;
    return true;
  }

  /** A number, true, false or null, as written back. */
  private scalar(): boolean {
    for (const word of WORDS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return true;
      }
    }
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.text);
    // `1.50`, `1e3`, `-0` or a digit past a double's precision are written back otherwise
    if (!m || String(Number(m[0])) !== m[0]) return false;
    this.at += m[0].length;
    return true;
  }

  private object(depth: number): boolean {
    const { text } = this;
    this.at++;
    if (text.charCodeAt(this.at) === 0x7d /* } */) {
      this.at++;
      return true;
    }
    // a Set: a body of thousands of keys must not compare each key with every other
    const keys = new Set<string>();
    for (;;) {
      const keyAt = this.at;
      if (text.charCodeAt(keyAt) !== 0x22 || !this.string() || text.charCodeAt(this.at) !== 0x3a /* : */) return false;
      const key = text.slice(keyAt + 1, this.at - 1);
      if (MOVED_KEY.test(key) || keys.has(key)) return false;
      keys.add(key);
      const start = ++this.at;
      if (!this.value(key, depth)) return false;
      const c = text.charCodeAt(start);
      // a number or boolean under a secret's name (a PIN as a number) is masked whole
      if (c !== 0x22 && c !== 0x7b && c !== 0x5b && c !== 0x6e /* n */ && this.masks.masksScalar(key)) {
        this.edits.push(start, this.at, '"***"');
      }
      const next = text.charCodeAt(this.at++);
      if (next === 0x7d) return true;
      if (next !== 0x2c /* , */) return false;
    }
  }

  private array(name: string | undefined, depth: number): boolean {
    const { text } = this;
    this.at++;
    if (text.charCodeAt(this.at) === 0x5d /* ] */) {
      this.at++;
      return true;
    }
    for (;;) {
      if (!this.value(name, depth)) return false;
      const next = text.charCodeAt(this.at++);
      if (next === 0x5d) return true;
      if (next !== 0x2c) return false;
    }
  }
}
