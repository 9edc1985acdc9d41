import type { Operation } from '../../../core/types.js';

const LIMIT = ['limit', 'per_page', 'perpage', 'page_size', 'pagesize', 'size', 'max_results', 'maxresults'];
const OFFSET = ['offset', 'skip', 'start'];
const PAGE = ['page', 'page_number', 'pagenumber'];

/** The page a list asks for, through the paging parameters its operation declares (limit/offset, page/per_page). */
export function pageOf(op: Operation, query: Readonly<Record<string, unknown>>): { offset?: number; limit?: number } {
  const declared = (names: readonly string[]) => op.params.find((p) => p.in === 'query' && names.includes(p.name.toLowerCase()))?.name;
  const number = (name: string | undefined) => {
    const v = name === undefined ? undefined : Number(query[name]);
    return v !== undefined && Number.isInteger(v) && v >= 0 ? v : undefined;
  };
  const limit = number(declared(LIMIT));
  const offset = number(declared(OFFSET));
  const page = number(declared(PAGE));
  if (offset !== undefined) return { offset, ...(limit !== undefined ? { limit } : {}) };
  if (page !== undefined && limit !== undefined) return { offset: Math.max(page - 1, 0) * limit, limit };
  return limit !== undefined ? { limit } : {};
}
