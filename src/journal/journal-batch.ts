import type { EntryShape } from './to-entry.js';
import { asciiJson, type EntryText } from './entry-encoder.js';

/** One exchange of a batch, read back. */
export interface BatchEntry {
  shape: EntryShape;
  time: number;
  durationMs: number;
  request: string;
  response: string;
}

/**
 * The entries of one namespace that go to Redis together, as the text of one stream entry
 * (journal-scripts.ts): `{"b":[bodies],"s":[shapes],"e":[[s,time,ms,q,r],...]}`. A shape
 * (all of an entry but its id, time, duration and bodies) and a body are carried once per
 * batch however many entries have them: under load the same request is answered the same
 * way again and again, and each byte sent costs this process and Redis twice. The text is
 * ASCII (entry-encoder.ts), which V8 writes to a socket as it is.
 */
export class JournalBatch {
  readonly written: Promise<void>;
  /** settles `written`: acknowledged, or the error that stopped it */
  readonly settle: (error?: unknown) => void;
  private count = 0;
  private entries = '';
  private readonly shapes = new Texts((shape) => shape);
  private readonly bodies = new Texts((body) => asciiJson(JSON.stringify(body)));

  /** @param expect the namespace snapshot every entry of the batch assumes ('' none: journal-writer.ts) */
  constructor(readonly expect = '') {
    const { promise, resolve, reject } = withResolvers();
    this.written = promise;
    this.settle = (error) => (error === undefined ? resolve() : reject(error));
  }

  get size(): number {
    return this.count;
  }

  add({ shape, time, durationMs, request, response }: EntryText): void {
    const entry = `[${this.shapes.place(shape)},${time},${durationMs},${this.bodies.place(request)},${this.bodies.place(response)}]`;
    this.entries = this.count++ === 0 ? entry : `${this.entries},${entry}`;
  }

  /** The stream entry's text. */
  text(): string {
    return `{"b":[${this.bodies.json()}],"s":[${this.shapes.json()}],"e":[${this.entries}]}`;
  }
}

/** Texts of a batch, each kept once, as JSON values in order of first use. */
class Texts {
  private readonly json_: string[] = [];
  private readonly places = new Map<string, number>();

  constructor(private readonly toJson: (text: string) => string) {}

  place(text: string): number {
    const known = this.places.get(text);
    if (known !== undefined) return known;
    const at = this.json_.push(this.toJson(text)) - 1;
    this.places.set(text, at);
    return at;
  }

  json(): string {
    return this.json_.join(',');
  }
}

/** A batch's entries, oldest first. */
export function parseBatch(text: string): BatchEntry[] {
  const { b, s, e } = JSON.parse(text) as { b: string[]; s: EntryShape[]; e: [number, number, number, number, number][] };
  return e.map(([shape, time, durationMs, q, r]) => ({ shape: s[shape], time, durationMs, request: b[q] ?? '', response: b[r] ?? '' }));
}

/** Promise.withResolvers, which Node 20 lacks. */
function withResolvers(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
