/**
 * The report's only script: the filters. Without it the page shows everything and the
 * filter form stays hidden, so the file reads the same in a viewer that runs no script.
 */
export const REPORT_SCRIPT = `'use strict';
(() => {
  const form = document.getElementById('filters');
  const status = document.getElementById('filter-status');
  if (!form || !status) return;
  form.hidden = false;
  const checked = (name) => new Set(Array.from(form.querySelectorAll('input[name="' + name + '"]:checked'), (input) => input.value));
  const apply = () => {
    const f = { api: checked('api'), category: checked('category'), outcome: checked('outcome') };
    const matches = (el) => f.api.has(el.dataset.api) && f.category.has(el.dataset.category) && f.outcome.has(el.dataset.outcome);
    let shown = 0;
    let total = 0;
    for (const row of document.querySelectorAll('[data-filter="case"]')) {
      total++;
      row.hidden = !matches(row);
      if (!row.hidden) shown++;
    }
    for (const item of document.querySelectorAll('[data-filter="item"]')) item.hidden = !matches(item);
    for (const row of document.querySelectorAll('[data-filter="score"]')) row.hidden = !f.api.has(row.dataset.api);
    for (const grid of document.querySelectorAll('[data-filter="matrix"]')) {
      let rows = 0;
      for (const row of grid.querySelectorAll('[data-filter="matrix-row"]')) {
        let any = false;
        for (const cell of row.querySelectorAll('.cell-passed, .cell-failed, .cell-skipped')) {
          if (cell.querySelector('.cell')) continue; // a stacked cell: its parts are judged one by one
          const on = ['passed', 'failed', 'skipped'].some((o) => f.outcome.has(o) && cell.classList.contains('cell-' + o));
          cell.classList.toggle('muted', !on);
          any = any || on;
        }
        row.hidden = !any;
        if (any) rows++;
      }
      grid.hidden = rows === 0 || !f.api.has(grid.dataset.api) || !f.category.has('permission');
    }
    for (const note of document.querySelectorAll('.empty-note')) {
      const items = Array.from(note.parentElement.querySelectorAll('[data-filter="item"], [data-filter="case"], [data-filter="matrix"]'));
      note.hidden = items.length === 0 || items.some((item) => !item.hidden);
    }
    status.textContent = 'Showing ' + shown + ' of ' + total + ' cases';
  };
  form.addEventListener('change', apply);
  form.addEventListener('reset', () => setTimeout(apply, 0));
  document.getElementById('only-failures').addEventListener('click', () => {
    for (const input of form.querySelectorAll('input[name="outcome"]')) input.checked = input.value === 'failed';
    apply();
  });
  apply();
})();
`;
