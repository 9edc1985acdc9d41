import type { JournalEntry, JournalFilter, PrincipalInfo } from './journal.js';

/** What a filter looks at, of a raw record or of an entry read back. */
export interface Filtered {
  api: string;
  operationId: string;
  status: number;
  method: string;
  path: string;
  /** epoch ms */
  time: number;
  principal: PrincipalInfo;
}

export function matchesFilter(r: Filtered, f: JournalFilter): boolean {
  if (f.api !== undefined && r.api !== f.api) return false;
  if (f.operationId !== undefined && r.operationId !== f.operationId) return false;
  if (f.status !== undefined && r.status !== f.status) return false;
  if (f.method !== undefined && r.method !== f.method.toUpperCase()) return false;
  if (f.path !== undefined && !(f.path.endsWith('*') ? r.path.startsWith(f.path.slice(0, -1)) : r.path === f.path)) return false;
  if (f.since !== undefined && r.time < f.since) return false;
  if (f.principal !== undefined && !matchesPrincipal(r.principal, f.principal)) return false;
  return true;
}

/** An entry read back, as the filter sees it. */
export function filteredEntry(e: JournalEntry): Filtered {
  return {
    api: e.api,
    operationId: e.operationId,
    status: e.status,
    method: e.method,
    path: e.path,
    time: Date.parse(e.time),
    principal: e.principal,
  };
}

/** Whether a filter asks for anything (none: every entry matches). */
export function filters(f: JournalFilter): boolean {
  return Object.entries(f).some(([key, value]) => key !== 'limit' && value !== undefined);
}

function matchesPrincipal(p: PrincipalInfo, wanted: string): boolean {
  if (wanted === 'guest') return p.kind === 'guest';
  return p.kind === 'user' && (wanted === p.id || wanted === `${p.userType}:${p.id}`);
}
