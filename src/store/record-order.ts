/** An object's place in its collection: its creation sequence number, its id and its owner (null: no one's). */
export interface Placed {
  seq: number;
  id: string;
  owner: string | null;
}

/**
 * One collection's objects in creation order, held in process by the store that alone
 * writes them (SQLite holds its file exclusively): a page at any offset is found by
 * position. SQLite's `OFFSET` reads every row it skips, so the middle page of 100,000
 * objects cost a walk of 50,000 index entries; here it is a binary search per unowned
 * object (the seeds: few) and a slice.
 */
export class CollectionOrder {
  /** every object, by seq */
  private readonly all: Placed[] = [];
  /** the objects of each owner, by seq */
  private readonly owned = new Map<string, Placed[]>();
  /** the objects of no one, by seq */
  private readonly unowned: Placed[] = [];
  private readonly byId = new Map<string, Placed>();

  /** `rows` in seq order */
  constructor(rows: Iterable<Placed>) {
    for (const row of rows) this.add(row);
  }

  get size(): number {
    return this.all.length;
  }

  /** Adds an object (its seq above every other's when it is new: the store's counter only grows). */
  add(p: Placed): void {
    this.remove(p.id);
    this.byId.set(p.id, p);
    insertBySeq(this.all, p);
    insertBySeq(this.listOf(p.owner, true)!, p);
  }

  remove(id: string): void {
    const p = this.byId.get(id);
    if (!p) return;
    this.byId.delete(id);
    removeBySeq(this.all, p.seq);
    const list = this.listOf(p.owner, false)!;
    removeBySeq(list, p.seq);
    if (p.owner !== null && list.length === 0) this.owned.delete(p.owner);
  }

  /** How many objects a caller sees: every one, or its own and no one's. */
  total(visibleTo: string | undefined): number {
    if (visibleTo === undefined) return this.all.length;
    return this.unowned.length + (this.owned.get(visibleTo)?.length ?? 0);
  }

  /** The page, in creation order, of what a caller sees; `limit` < 0: to the end. */
  page(offset: number, limit: number, visibleTo: string | undefined): Placed[] {
    const end = limit < 0 ? Infinity : offset + limit;
    if (visibleTo === undefined) return this.all.slice(offset, end);
    const own = this.owned.get(visibleTo) ?? [];
    const unowned = this.unowned;
    // an unowned object's place among what the caller sees: its own place plus the caller's objects before it
    const at = unowned.map((u, i) => i + firstAbove(own, u.seq));
    let i = 0;
    while (i < at.length && at[i]! < offset) i++;
    // the caller's first object on the page: its place less the unowned ones before it
    let j = offset - i;
    const out: Placed[] = [];
    for (let pos = offset; pos < end && (i < unowned.length || j < own.length); pos++) {
      if (i < unowned.length && at[i] === pos) out.push(unowned[i++]!);
      else out.push(own[j++]!);
    }
    return out;
  }

  private listOf(owner: string | null, make: boolean): Placed[] | undefined {
    if (owner === null) return this.unowned;
    let list = this.owned.get(owner);
    if (!list && make) this.owned.set(owner, (list = []));
    return list;
  }
}

/** The index of the first entry whose seq is above `seq` (entries by seq). */
function firstAbove(list: readonly Placed[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertBySeq(list: Placed[], p: Placed): void {
  // the common case, a new object, goes last
  if (list.length === 0 || list[list.length - 1]!.seq < p.seq) list.push(p);
  else list.splice(firstAbove(list, p.seq), 0, p);
}

function removeBySeq(list: Placed[], seq: number): void {
  const k = firstAbove(list, seq) - 1;
  if (k >= 0 && list[k]!.seq === seq) list.splice(k, 1);
}
