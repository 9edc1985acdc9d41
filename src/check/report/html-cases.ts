import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';
import { escapeHtml } from './escape-html.js';
import type { FailureAnchors } from './html-failures.js';
import { renderFilterData, renderOutcomeMark } from './outcome-mark.js';

/** The conformance score per operation, as the console prints it. */
export function renderScores(summary: Summary): string {
  const rows = summary.operations
    .map((o) => {
      const score = o.score === null ? '–' : `${o.score.toFixed(1)} %`;
      // a bar only where it says something: a full one repeats the ✓ (and a 1,000-operation report carries a thousand)
      const meter = o.score === null || o.score === 100 ? '' : `<meter min="0" max="100" value="${o.score}" aria-hidden="true"></meter>`;
      const mark =
        o.score === null ? '' : o.score === 100 ? '<span class="mark mark-passed">✓</span> ' : '<span class="mark mark-failed">✗</span> ';
      return `<tr data-filter="score" data-api="${escapeHtml(o.api)}"><td>${escapeHtml(o.api)}</td><th scope="row">${escapeHtml(o.operationId)}</th><td><code>${escapeHtml(`${o.method} ${o.path}`)}</code></td><td class="num">${mark}${score} ${meter}</td><td class="num">${o.passed}/${o.total}</td><td class="num">${o.skippedCases}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="scores-heading">
<h2 id="scores-heading">Conformance per operation</h2>
<div class="scroll" role="region" tabindex="0" aria-label="Conformance per operation (scrolls)">
<table>
<caption>Share of checks that passed, each check counted for the operation whose answer it judged</caption>
<thead><tr><th scope="col">API</th><th scope="col">operation</th><th scope="col">request</th><th scope="col">score</th><th scope="col">checks passed</th><th scope="col">cases skipped</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
</section>`;
}

/** Past this many cases, the matrix cells that did not fail are left to the matrix (the report stays a few MB for 1,000 operations). */
const LISTED_CASES = 1000;

/** One row per case (in a large run, matrix cells only when they failed); the filters count these rows. */
export function renderCaseTable(results: readonly CaseResult[], anchors: FailureAnchors): string {
  const large = results.length > LISTED_CASES;
  const listed = large ? results.filter((r) => !r.matrix || r.status === 'failed') : results;
  const note = large
    ? `<p>${results.length - listed.length} matrix cells that passed or were skipped are shown in the matrix only.</p>\n`
    : '';
  const rows = listed
    .map((r) => {
      const first = r.checks.find((c) => !c.passed);
      const title = first && anchors.get(first) ? `<a href="#${anchors.get(first)}">${escapeHtml(r.title)}</a>` : escapeHtml(r.title);
      const checks =
        r.status === 'skipped' ? escapeHtml(r.skipReason ?? '') : `${r.checks.filter((c) => c.passed).length}/${r.checks.length}`;
      return `<tr ${renderFilterData('case', r)}><td>${renderOutcomeMark(r.status)}</td><td>${escapeHtml(r.api)}</td><td>${escapeHtml(r.category)}</td><th scope="row">${title}</th><td>${escapeHtml(r.operationId)}</td><td>${checks}</td><td><code>${escapeHtml(r.id)}</code></td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="cases-heading">
<h2 id="cases-heading">All cases</h2>
${note}<div class="scroll" role="region" tabindex="0" aria-label="All cases (scrolls)">
<table class="cases">
<caption>Every case of the run, in the order it ran</caption>
<thead><tr><th scope="col">outcome</th><th scope="col">API</th><th scope="col">category</th><th scope="col">case</th><th scope="col">operation</th><th scope="col">checks passed (or why skipped)</th><th scope="col">id</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<p class="empty-note" hidden>Nothing here matches the filters.</p>
</section>`;
}
