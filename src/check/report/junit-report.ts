import type { CaseResult } from '../case-types.js';
import type { Summary } from './summarize.js';

interface TestCase {
  name: string;
  /** the case's category (positive, permission, object-level, ...), as a property of its testcase */
  category: string;
  seconds: number;
  failure?: { message: string; detail: string };
  skipped?: string;
}

/**
 * JUnit XML: one testsuite per operation, one testcase per check (named
 * `<case> › <check>`, stable between runs), skipped cases with their reason.
 */
export function renderJunit(results: readonly CaseResult[], summary: Summary, meta: { durationMs: number; target: string }): string {
  const suites = new Map<string, TestCase[]>();
  const add = (suite: string, t: TestCase) => suites.set(suite, [...(suites.get(suite) ?? []), t]);
  for (const r of results) {
    if (r.status === 'skipped') {
      add(`${r.api}.${r.operationId}`, { name: r.title, category: r.category, seconds: 0, skipped: r.skipReason });
      continue;
    }
    const seen = new Map<string, number>();
    const seconds = r.checks.length ? r.ms / 1000 / r.checks.length : 0;
    const steps = new Set(r.checks.map((c) => c.label)).size;
    for (const c of r.checks) {
      const base = steps > 1 ? `${r.title} › ${c.label} › ${c.name}` : `${r.title} › ${c.name}`;
      const n = (seen.get(`${c.operationId} ${base}`) ?? 0) + 1;
      seen.set(`${c.operationId} ${base}`, n);
      const name = n > 1 ? `${base} #${n}` : base;
      add(`${c.api}.${c.operationId}`, {
        name,
        category: r.category,
        seconds,
        failure: c.passed ? undefined : { message: c.message ?? 'failed', detail: `${c.step}\n${c.message ?? ''}\ncase: ${r.id}` },
      });
    }
  }
  const body = [...suites.entries()].map(([suite, cases]) => renderSuite(suite, cases)).join('');
  const { checks, cases } = summary;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="authmock check ${escapeAttr(meta.target)}" tests="${checks.total + cases.skipped}" failures="${checks.failed}" ` +
    `skipped="${cases.skipped}" errors="0" time="${(meta.durationMs / 1000).toFixed(3)}">\n${body}</testsuites>\n`
  );
}

function renderSuite(suite: string, cases: TestCase[]): string {
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const time = cases.reduce((t, c) => t + c.seconds, 0);
  const inner = cases
    .map((c) => {
      // the category as a testcase property, as pytest's record_property writes them
      const open = `    <testcase classname="${escapeAttr(suite)}" name="${escapeAttr(c.name)}" time="${c.seconds.toFixed(3)}">\n      <properties><property name="category" value="${escapeAttr(c.category)}"/></properties>\n`;
      if (c.failure)
        return `${open}      <failure message="${escapeAttr(c.failure.message)}" type="check">${escapeText(c.failure.detail)}</failure>\n    </testcase>\n`;
      if (c.skipped !== undefined) return `${open}      <skipped message="${escapeAttr(c.skipped)}"/>\n    </testcase>\n`;
      return `${open}    </testcase>\n`;
    })
    .join('');
  return `  <testsuite name="${escapeAttr(suite)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" errors="0" time="${time.toFixed(3)}">\n${inner}  </testsuite>\n`;
}

function escapeText(s: string): string {
  // Characters XML 1.0 cannot carry are dropped: an answer may contain anything.
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
