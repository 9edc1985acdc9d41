import type { CaseResult } from '../case-types.js';
import { escapeHtml } from './escape-html.js';

type Outcome = CaseResult['status'];

const MARKS: Record<Outcome, string> = { passed: '✓ pass', failed: '✗ FAIL', skipped: '– skipped' };

/** An outcome as a symbol and a word, so it never depends on colour alone. */
export function renderOutcomeMark(outcome: Outcome): string {
  return `<span class="mark mark-${outcome}">${MARKS[outcome]}</span>`;
}

/** The data attributes the report's filters read: API, category and outcome. */
export function renderFilterData(kind: string, r: Pick<CaseResult, 'api' | 'category' | 'status'>): string {
  return `data-filter="${kind}" data-api="${escapeHtml(r.api)}" data-category="${escapeHtml(filterCategory(r.category))}" data-outcome="${r.status}"`;
}

/** Lockout is a flow as far as a reader is concerned. */
export function filterCategory(category: CaseResult['category']): string {
  return category === 'lockout' ? 'flow' : category;
}
