import { createHash } from 'node:crypto';
import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';
import { escapeHtml } from './escape-html.js';
import { numberFailures, renderFailures, type FailureAnchors } from './html-failures.js';
import { renderMatrix } from './html-matrix.js';
import { renderFlows } from './html-flows.js';
import { renderCaseTable, renderScores } from './html-cases.js';
import { filterCategory, renderOutcomeMark } from './outcome-mark.js';
import { REPORT_SCRIPT } from './report-script.js';
import { REPORT_STYLE } from './report-style.js';

export interface HtmlReportMeta {
  target: string;
  startedAt: string;
  durationMs: number;
  /** requests sent, where the run counts them */
  requests?: number;
  /** what the run left out on purpose, in words */
  notes?: readonly string[];
}

const CATEGORY_ORDER = ['positive', 'negative', 'permission', 'flow'];

/**
 * One self-contained HTML page: summary, permission matrix, flows, failed checks with
 * their masked requests and answers, scores, every case; filters by API, category and
 * outcome. Its Content-Security-Policy allows only its own inline style and script (by
 * hash), so it opens from disk or as a CI artifact and never makes a request.
 */
export function renderHtml(results: readonly CaseResult[], summary: Summary, meta: HtmlReportMeta): string {
  const anchors = numberFailures(results);
  const verdict = summary.cases.failed === 0 ? 'PASS' : 'FAIL';
  const title = `authmock check: ${verdict}, ${summary.cases.failed} of ${summary.cases.total} cases failed`;
  const csp = `default-src 'none'; style-src '${hashOf(REPORT_STYLE)}'; script-src '${hashOf(REPORT_SCRIPT)}'; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<a class="skip-link" href="#failures-heading">Skip to the failed checks</a>
<header class="top">
<h1>authmock check report</h1>
${renderHeadline(summary, meta)}
</header>
<main>
${renderTotals(summary, results, anchors)}
${renderFilters(results)}
${renderMatrix(results, summary.operations, anchors)}
${renderFlows(results, anchors)}
${renderFailures(results, anchors)}
${renderScores(summary)}
${renderCaseTable(results, anchors)}
</main>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}

function hashOf(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

function renderHeadline(summary: Summary, meta: HtmlReportMeta): string {
  const passed = summary.cases.failed === 0;
  const verdict = passed ? '✓ PASS' : '✗ FAIL';
  const requests = meta.requests === undefined ? '' : `, ${meta.requests} requests`;
  const notes = (meta.notes ?? []).map((n) => `\n<p class="note">${escapeHtml(n)}</p>`).join('');
  return `<p><span class="verdict verdict-${passed ? 'passed' : 'failed'}">${verdict}</span>
against <code>${escapeHtml(meta.target)}</code>, started ${escapeHtml(meta.startedAt)}, ${(meta.durationMs / 1000).toFixed(1)} s${requests}</p>${notes}`;
}

function renderTotals(summary: Summary, results: readonly CaseResult[], anchors: FailureAnchors): string {
  const { cases, checks } = summary;
  const item = (label: string, value: string) => `<div><dt>${label}</dt><dd>${value}</dd></div>`;
  const failedCases = results.filter((r) => r.status === 'failed');
  const list = failedCases.length
    ? `<h3>Failed cases</h3>\n<ul class="failed-cases">${failedCases.map((r) => `<li>${renderOutcomeMark('failed')} <a href="#${anchors.get(r.checks.find((c) => !c.passed)!)}">${escapeHtml(r.title)}</a> <span class="meta">${escapeHtml(`${r.api} · ${r.category} · ${r.operationId}`)}</span></li>`).join('')}</ul>`
    : '<p class="all-clear">Every case passed.</p>';
  return `<section aria-labelledby="summary-heading">
<h2 id="summary-heading">Summary</h2>
<dl class="totals">
${item('cases', String(cases.total))}${item('passed', String(cases.passed))}${item('failed', String(cases.failed))}${item('skipped', String(cases.skipped))}${item('checks passed', `${checks.passed}/${checks.total}`)}
</dl>
${list}
</section>`;
}

function renderFilters(results: readonly CaseResult[]): string {
  const apis = [...new Set(results.map((r) => r.api))];
  const present = new Set(results.map((r) => filterCategory(r.category)));
  const categories = [...CATEGORY_ORDER.filter((c) => present.has(c)), ...[...present].filter((c) => !CATEGORY_ORDER.includes(c))];
  const group = (name: string, legend: string, values: string[]) =>
    `<fieldset><legend>${legend}</legend>${values.map((v) => `<label><input type="checkbox" name="${name}" value="${escapeHtml(v)}" checked> ${escapeHtml(v)}</label>`).join('')}</fieldset>`;
  // Hidden until the script shows it: without the script there is nothing to filter with.
  return `<form id="filters" aria-labelledby="filters-heading" hidden>
<h2 id="filters-heading">Filters</h2>
${group('api', 'API', apis)}
${group('category', 'Category', categories)}
${group('outcome', 'Outcome', ['passed', 'failed', 'skipped'])}
<div><button type="button" id="only-failures">Only failures</button><button type="reset">Show everything</button></div>
<p id="filter-status" role="status" aria-live="polite"></p>
</form>`;
}
