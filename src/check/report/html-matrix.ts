import type { CaseResult, MatrixCell } from '../case-types.js';
import type { OperationScore } from './summarize.js';
import { escapeHtml } from './escape-html.js';
import { renderFailureLink, type FailureAnchors } from './html-failures.js';
import { renderOutcomeMark } from './outcome-mark.js';
import { matrixStatus } from './matrix-status.js';

type MatrixCase = CaseResult & { matrix: MatrixCell };

/** A skipped case's reason when it gives none. */
const NOT_RUN = 'not run';

/**
 * The permission matrix as a grid per API: operations down, callers across, each cell
 * the outcome the spec implies and the one the server gave.
 */
export function renderMatrix(results: readonly CaseResult[], operations: readonly OperationScore[], anchors: FailureAnchors): string {
  const cases = results.filter((r): r is MatrixCase => r.matrix !== undefined && r.category !== 'object-level');
  const grids = renderGrids(cases, operations, anchors, 'operations');
  return `<section aria-labelledby="matrix-heading">
<h2 id="matrix-heading">Permission matrix</h2>
<p>Every operation called by every kind of caller, with a valid body, so only the caller differs.
Each cell: the outcome the spec implies (its <code>x-authmock-permission</code>, or its security requirements), then the status the server answered.</p>
<p class="legend"><span class="mark mark-passed">✓ pass</span> as expected; <span class="mark mark-failed">✗ FAIL</span> not as expected (also outlined and striped);
<span class="mark mark-skipped">– skipped</span> not run.</p>
${grids || '<p>No permission cases were run.</p>'}
<p class="empty-note" hidden>Nothing here matches the filters.</p>
</section>
${renderObjectMatrix(results, anchors)}`;
}

/**
 * Object-level authorization (OWASP API1), a grid per API: collections down, what A and B
 * do to A's object across. Absent when no collection was checked.
 */
function renderObjectMatrix(results: readonly CaseResult[], anchors: FailureAnchors): string {
  const cases = results.filter((r): r is MatrixCase => r.matrix !== undefined && r.category === 'object-level');
  if (cases.length === 0) return '';
  const grids = renderGrids(cases, [], anchors, 'collections');
  return `<section aria-labelledby="object-matrix-heading">
<h2 id="object-matrix-heading">Object-level authorization</h2>
<p>For each collection, user A creates an object; user B, who holds the same scopes, then tries to read, change, delete and list it.
A 2xx for B is a finding (B reached A's object); so is a 401 (B's credential is valid). Last, A deletes it and it must be gone.</p>
${grids}
</section>`;
}

/** A grid per API, in the order the APIs first come. */
function renderGrids(
  cases: MatrixCase[],
  operations: readonly OperationScore[],
  anchors: FailureAnchors,
  rowsAre: 'operations' | 'collections',
): string {
  const apis = [...new Set(cases.map((r) => r.api))];
  return apis
    .map((api) =>
      renderGrid(
        api,
        cases.filter((r) => r.api === api),
        operations,
        anchors,
        rowsAre,
      ),
    )
    .join('\n');
}

function renderGrid(
  api: string,
  cases: MatrixCase[],
  operations: readonly OperationScore[],
  anchors: FailureAnchors,
  rowsAre: 'operations' | 'collections' = 'operations',
): string {
  // one column for every lacks-<scope> cell: a spec of 1,000 operations has hundreds of scopes
  const columnOf = (m: MatrixCell) => (rowsAre === 'operations' && m.caller.startsWith('lacks-') ? 'lacks' : m.caller);
  const callers = uniqueBy(
    cases.map((r) => (columnOf(r.matrix) === 'lacks' ? { ...r.matrix, caller: 'lacks', callerTitle: 'lacks a required scope' } : r.matrix)),
    (m) => m.caller,
  ).sort((a, b) => (a.column ?? 0) - (b.column ?? 0));
  const rows = [...new Set(cases.map((r) => r.operationId))];
  const byCell = new Map<string, MatrixCase[]>();
  for (const r of cases) {
    const key = `${r.operationId} ${columnOf(r.matrix)}`;
    byCell.set(key, [...(byCell.get(key) ?? []), r]);
  }
  const reasons = new SkipReasons(`skip-${api}-${rowsAre === 'operations' ? 'op' : 'obj'}`);
  const failed = cases.filter((r) => r.status === 'failed').length;
  const caption = `${capitalize(api)} API: ${rows.length} ${rowsAre} by ${callers.length} ${rowsAre === 'operations' ? 'callers' : 'checks'}; ${failed ? `${failed} cells failed` : 'every cell as expected'}`;
  const head = callers.map((m) => `<th scope="col">${escapeHtml(m.callerTitle.replace(/^an? /, ''))}</th>`).join('');
  const body = rows
    .map((operationId) => {
      const op = operations.find((o) => o.api === api && o.operationId === operationId);
      const permission = cases.find((r) => r.operationId === operationId)!.matrix.permission;
      const cells = renderRow(
        callers.map((m) => byCell.get(`${operationId} ${m.caller}`)),
        anchors,
        reasons,
      );
      const label = rowsAre === 'collections' ? permission : op ? `${op.method} ${op.path}` : operationId;
      const perm = rowsAre === 'collections' ? `created by ${operationId}` : `permission: ${permission}`;
      return `<tr data-filter="matrix-row">
<th scope="row"><span class="op">${escapeHtml(label)}</span><span class="op-id">${escapeHtml(operationId)}</span><span class="perm">${escapeHtml(perm)}</span></th>
${cells}</tr>`;
    })
    .join('\n');
  return `<section class="matrix" data-filter="matrix" data-api="${escapeHtml(api)}" aria-labelledby="matrix-${escapeHtml(api)}">
<h3 id="matrix-${escapeHtml(api)}">${escapeHtml(capitalize(api))} API</h3>
<div class="scroll" role="region" tabindex="0" aria-label="${escapeHtml(capitalize(api))} permission matrix (scrolls)">
<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">${rowsAre === 'operations' ? 'operation' : 'collection'}</th>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</div>
${reasons.render()}
</section>`;
}

/**
 * Why cells were skipped, each reason said once under its grid and referred to by number:
 * a 1,000-operation run skips thousands of cells for one reason (the request budget), and
 * the report must stay small enough to open (under 2 MB).
 */
class SkipReasons {
  private readonly numbers = new Map<string, { n: number; cells: number }>();
  constructor(private readonly prefix: string) {}

  ref(reason: string, cells = 1): string {
    let found = this.numbers.get(reason);
    if (!found) this.numbers.set(reason, (found = { n: this.numbers.size + 1, cells: 0 }));
    found.cells += cells;
    return `<a class="reason" href="#${escapeHtml(this.prefix)}-${found.n}">why: ${found.n}</a>`;
  }

  render(): string {
    if (this.numbers.size === 0) return '';
    const items = [...this.numbers].map(
      ([reason, { n, cells }]) =>
        `<li id="${escapeHtml(this.prefix)}-${n}" value="${n}">${escapeHtml(reason)} (${cells} ${cells === 1 ? 'cell' : 'cells'})</li>`,
    );
    return `<p class="skip-heading">Why cells were skipped:</p>\n<ol class="skip-reasons">${items.join('')}</ol>`;
  }
}

/**
 * A row's cells, each run of neighbours skipped for one reason as one cell across them: a
 * large run skips thousands of cells for the request budget, and the report must stay small
 * enough to open.
 */
function renderRow(row: (MatrixCase[] | undefined)[], anchors: FailureAnchors, reasons: SkipReasons): string {
  const out: string[] = [];
  for (let i = 0; i < row.length;) {
    const reason = skippedFor(row[i]);
    let j = i + 1;
    while (reason !== undefined && j < row.length && skippedFor(row[j]) === reason) j++;
    if (j - i < 2) out.push(renderCells(row[i], anchors, reasons));
    else {
      const cases = row.slice(i, j).reduce((n, c) => n + (c?.length ?? 0), 0);
      const span = j - i === row.length ? 'every cell' : `${j - i} cells`;
      out.push(
        `<td class="cell cell-skipped" colspan="${j - i}">${renderOutcomeMark('skipped')} (${span}) ${reasons.ref(reason!, cases)}</td>`,
      );
    }
    i = j;
  }
  return out.join('');
}

/** The reason every case of a cell was skipped for, when it is one. */
function skippedFor(cases: MatrixCase[] | undefined): string | undefined {
  if (!cases?.length || cases.some((r) => r.status !== 'skipped')) return undefined;
  const reason = cases[0]!.skipReason ?? NOT_RUN;
  return cases.every((r) => (r.skipReason ?? NOT_RUN) === reason) ? reason : undefined;
}

/** A column's cell: one case, or the lacks-<scope> cases of one operation stacked in it, each naming its scope. */
function renderCells(cases: MatrixCase[] | undefined, anchors: FailureAnchors, reasons: SkipReasons): string {
  if (!cases || cases.length === 1) return renderCell(cases?.[0], anchors, reasons);
  const status = cases.some((r) => r.status === 'failed') ? 'failed' : cases.some((r) => r.status === 'passed') ? 'passed' : 'skipped';
  return `<td class="cell cell-${status}">${cases.map((r) => renderCell(r, anchors, reasons, 'div')).join('')}</td>`;
}

/** A case's cell; in a stacked cell (a `div`), it names its caller (`lacks write:pets`). */
// The report's filters read a cell's outcome from its class (cell-passed, cell-failed, cell-skipped).
function renderCell(r: MatrixCase | undefined, anchors: FailureAnchors, reasons: SkipReasons, tag: 'td' | 'div' = 'td'): string {
  if (!r) return '<td class="cell cell-none">n/a</td>';
  const caller = tag === 'div' ? `<span class="caller">${escapeHtml(r.matrix.callerTitle)}</span>` : '';
  const expected = `${caller}<span class="expected">expected <b>${escapeHtml(describeExpected(r.matrix.expected))}</b></span>`;
  if (r.status === 'skipped')
    // no id: nothing links to a skipped cell, and a large run has thousands
    return `<${tag} class="cell cell-skipped">${renderOutcomeMark('skipped')}${caller}${reasons.ref(r.skipReason ?? NOT_RUN)}</${tag}>`;
  const failed = r.checks.filter((c) => !c.passed);
  const links = failed.length ? `<span class="checks">${failed.map((c) => renderFailureLink(c, anchors)).join(', ')}</span>` : '';
  return `<${tag} class="cell cell-${r.status}" id="cell-${escapeHtml(r.id)}">${renderOutcomeMark(r.status)}${expected}<span class="actual">got <b>${escapeHtml(describeActual(r))}</b></span>${links}</${tag}>`;
}

function describeExpected(outcome: MatrixCell['expected']): string {
  if (typeof outcome === 'number') return String(outcome);
  return { success: 'served (2xx)', denied: '401/403', rejected: 'a 4xx', admitted: 'not 401/403', hidden: '403/404' }[outcome];
}

/** The status the access check judged, or what stopped the case. */
function describeActual(r: CaseResult): string {
  const status = matrixStatus(r);
  if (status !== undefined) return String(status);
  const problem = r.checks.find((c) => !c.passed);
  return problem?.name === 'reachable' ? 'no answer' : problem?.name === 'setup' ? 'no token (setup failed)' : (problem?.name ?? 'nothing');
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
