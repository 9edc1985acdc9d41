/** One journal entry as it goes to Redis: the JSON of all but its id and bodies, then the two bodies. */
export type EntryFields = readonly [json: string, request: string, response: string];

/**
 * The entries of one namespace that go to Redis in one command, settled together once
 * Redis acknowledged it. A body is sent once per batch however many entries carry it: the
 * same answer repeats (GET me), and on a busy machine every byte sent costs CPU twice.
 */
export class JournalBatch {
  readonly written: Promise<void>;
  /** settles `written`: acknowledged, or the error that stopped it */
  readonly settle: (error?: unknown) => void;
  /** the first entry, which goes alone as a plain XADD when no other joins it */
  first?: EntryFields;
  private count = 0;
  /** per entry, where its three fields are among the texts */
  private readonly refs: number[] = [];
  private readonly texts: string[] = [];
  /** bodies already among the texts */
  private readonly bodies = new Map<string, number>();

  constructor() {
    const { promise, resolve, reject } = withResolvers();
    this.written = promise;
    this.settle = (error) => (error === undefined ? resolve() : reject(error));
  }

  get size(): number {
    return this.count;
  }

  add(fields: EntryFields): void {
    if (this.count++ === 0) this.first = fields;
    this.refs.push(this.texts.push(fields[0]) - 1, this.place(fields[1]), this.place(fields[2]));
  }

  /**
   * APPEND_ENTRIES's arguments: how many entries, the three places of each (counted from
   * the first text, 0-based), then the texts.
   */
  args(): (string | number)[] {
    return [this.count, ...this.refs, ...this.texts];
  }

  private place(body: string): number {
    const known = this.bodies.get(body);
    if (known !== undefined) return known;
    const at = this.texts.push(body) - 1;
    this.bodies.set(body, at);
    return at;
  }
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
