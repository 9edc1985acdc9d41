import type { CaseResult, CheckResult } from '../case-types.js';
import type { ExchangeRecord } from './record-exchange.js';
import { escapeHtml } from './escape-html.js';
import { maskText } from './mask-secrets.js';
import { renderFilterData, renderOutcomeMark } from './outcome-mark.js';

/** Each failed check's anchor in the report, so the matrix and the flows can link to it. */
export type FailureAnchors = Map<CheckResult, string>;

export function numberFailures(results: readonly CaseResult[]): FailureAnchors {
  const anchors: FailureAnchors = new Map();
  for (const r of results) for (const c of r.checks) if (!c.passed) anchors.set(c, `failure-${anchors.size + 1}`);
  return anchors;
}

/** A link to a failed check's details: its name, as the check calls itself. */
export function renderFailureLink(check: CheckResult, anchors: FailureAnchors): string {
  const id = anchors.get(check);
  return id ? `<a href="#${id}">${escapeHtml(check.name)}</a>` : escapeHtml(check.name);
}

/** Every failed check, grouped by case, with the request that was sent and the answer. */
export function renderFailures(results: readonly CaseResult[], anchors: FailureAnchors): string {
  const failed = results.filter((r) => r.status === 'failed');
  const body = failed.length ? failed.map((r) => renderFailedCase(r, anchors)).join('\n') : '<p class="all-clear">No check failed.</p>';
  return `<section aria-labelledby="failures-heading">
<h2 id="failures-heading">Failed checks <span class="count">(${anchors.size})</span></h2>
${body}
<p class="empty-note" hidden>Nothing here matches the filters.</p>
</section>`;
}

function renderFailedCase(r: CaseResult, anchors: FailureAnchors): string {
  const checks = r.checks.filter((c) => !c.passed);
  return `<article class="failure" id="case-${escapeHtml(r.id)}" ${renderFilterData('item', r)}>
<h3>${renderOutcomeMark(r.status)} ${escapeHtml(r.title)}</h3>
<p class="meta"><code>${escapeHtml(r.id)}</code> · ${escapeHtml(r.api)} · ${escapeHtml(r.category)} · ${escapeHtml(r.operationId)}</p>
${checks.map((c) => renderFailedCheck(c, anchors)).join('\n')}
</article>`;
}

function renderFailedCheck(c: CheckResult, anchors: FailureAnchors): string {
  const exchange = c.exchange
    ? `<div class="exchange">
<div><h5>Request</h5><pre>${escapeHtml(formatRequest(c.exchange))}</pre></div>
<div><h5>Answer</h5><pre>${escapeHtml(formatResponse(c.exchange))}</pre></div>
</div>`
    : '<p class="meta">No request belongs to this check: it judged the case as a whole.</p>';
  return `<section class="failed-check" id="${anchors.get(c) ?? ''}" aria-label="${escapeHtml(`${c.name}: ${c.step}`)}">
<h4><span class="mark mark-failed">✗</span> ${escapeHtml(c.name)} <span class="step">${escapeHtml(c.step)}</span></h4>
<p class="message">${escapeHtml(maskText(c.message ?? 'failed'))}</p>
${exchange}
</section>`;
}

function formatRequest(ex: ExchangeRecord): string {
  const { method, url, headers, body } = ex.request;
  return [`${method} ${url}`, ...formatHeaders(headers), ...(body === undefined ? [] : ['', body])].join('\n');
}

function formatResponse(ex: ExchangeRecord): string {
  const { status, headers, body, ms } = ex.response;
  return [`${status} (${ms} ms)`, ...formatHeaders(headers), '', body === '' ? '(empty body)' : body].join('\n');
}

function formatHeaders(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
}
