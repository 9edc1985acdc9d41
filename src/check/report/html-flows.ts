import type { CaseResult, CheckResult } from '../case-types.js';
import { escapeHtml } from './escape-html.js';
import { renderFailureLink, type FailureAnchors } from './html-failures.js';
import { maskText } from './mask-secrets.js';
import { filterCategory, renderFilterData, renderOutcomeMark } from './outcome-mark.js';

/** The flows (log in, use, revoke, lockout, ...) step by step, each step with its checks. */
export function renderFlows(results: readonly CaseResult[], anchors: FailureAnchors): string {
  const flows = results.filter((r) => filterCategory(r.category) === 'flow');
  return `<section aria-labelledby="flows-heading">
<h2 id="flows-heading">Flows</h2>
${flows.length ? flows.map((r) => renderFlow(r, anchors)).join('\n') : '<p>No flows were run.</p>'}
<p class="empty-note" hidden>Nothing here matches the filters.</p>
</section>`;
}

function renderFlow(r: CaseResult, anchors: FailureAnchors): string {
  const steps =
    r.status === 'skipped'
      ? `<p class="meta">Skipped: ${escapeHtml(r.skipReason ?? '')}</p>`
      : `<ol class="steps">\n${groupSteps(r.checks)
          .map((checks) => renderStep(checks, anchors))
          .join('\n')}\n</ol>`;
  return `<article class="flow" id="flow-${escapeHtml(r.id)}" ${renderFilterData('item', r)}>
<h3>${renderOutcomeMark(r.status)} ${escapeHtml(r.title)}</h3>
<p class="meta"><code>${escapeHtml(r.id)}</code> · ${escapeHtml(r.api)}</p>
${steps}
</article>`;
}

/** Consecutive checks of one request form a step (a flow may send the same request twice). */
function groupSteps(checks: readonly CheckResult[]): CheckResult[][] {
  const steps: CheckResult[][] = [];
  for (const c of checks) {
    const last = steps.at(-1);
    if (last && last[0].step === c.step) last.push(c);
    else steps.push([c]);
  }
  return steps;
}

function renderStep(checks: CheckResult[], anchors: FailureAnchors): string {
  const failed = checks.filter((c) => !c.passed);
  const passed = checks.filter((c) => c.passed);
  const outcome = failed.length ? 'failed' : 'passed';
  const failedList = failed.length
    ? `<ul class="step-failures">${failed.map((c) => `<li>${renderFailureLink(c, anchors)}: ${escapeHtml(firstLine(c.message))}</li>`).join('')}</ul>`
    : '';
  const passedNote = passed.length
    ? `<span class="passed-checks">${passed.length} passed: ${passed.map((c) => escapeHtml(c.name)).join(', ')}</span>`
    : '';
  return `<li class="step step-${outcome}">${renderOutcomeMark(outcome)} <span class="step-name">${escapeHtml(checks[0].step)}</span>${failedList}${passedNote}</li>`;
}

function firstLine(message: string | undefined): string {
  const text = maskText(message ?? 'failed').split('\n')[0];
  // The full, masked message is in the failure's details; the step shows where to look.
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
