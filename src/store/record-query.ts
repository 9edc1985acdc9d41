import type { ListQuery, StoredObject } from './store.js';

/** Whether an object is in a list's answer: visible to the caller and equal on every filtered property. */
export function matchesQuery(item: StoredObject, query: ListQuery): boolean {
  if (query.visibleTo !== undefined && item.owner !== undefined && item.owner !== query.visibleTo) return false;
  for (const [name, wanted] of Object.entries(query.where ?? {})) if (!equalAsText(item.object[name], wanted)) return false;
  for (const [name, wanted] of Object.entries(query.assumed ?? {}))
    if (item.object[name] !== undefined && !equalAsText(item.object[name], wanted)) return false;
  return true;
}

// a query string carries text: 7, true and "7" all match `7`
const equalAsText = (value: unknown, wanted: string) => value !== null && typeof value !== 'object' && String(value) === wanted;

/** Whether a list filters on its objects' properties (and so reads each object) rather than only pages. */
export const filtersProperties = (query: ListQuery): boolean =>
  (query.where !== undefined && Object.keys(query.where).length > 0) ||
  (query.assumed !== undefined && Object.keys(query.assumed).length > 0);

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
