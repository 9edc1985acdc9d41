import type { ListQuery, StoredObject } from './store.js';

/** Whether an object is in a list's answer: visible to the caller and equal on every filtered property. */
export function matchesQuery(item: StoredObject, query: ListQuery): boolean {
  if (query.visibleTo !== undefined && item.owner !== undefined && item.owner !== query.visibleTo) return false;
  if (!query.where) return true;
  for (const [name, wanted] of Object.entries(query.where)) {
    const value = item.object[name];
    // a query string carries text: 7, true and "7" all match `7`
    if (value === null || typeof value === 'object' || String(value) !== wanted) return false;
  }
  return true;
}

/** The page of the matching objects (in the order given) and how many match in all. */
export function pageOf(items: Iterable<StoredObject>, query: ListQuery): { items: StoredObject[]; total: number } {
  const offset = query.offset ?? 0;
  const end = query.limit === undefined ? Infinity : offset + query.limit;
  const page: StoredObject[] = [];
  let total = 0;
  for (const item of items) {
    if (!matchesQuery(item, query)) continue;
    if (total >= offset && total < end) page.push(item);
    total++;
  }
  return { items: page, total };
}

/** An id that is an integer, for the collection's "one above the largest" counter. */
export function integerOf(id: string): number | undefined {
  return /^-?\d{1,15}$/.test(id) ? Number(id) : undefined;
}
