// The benchmark's tables: printed plain, and in markdown for docs/benchmark.md (between its bench:start/bench:end markers).
export const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
export const fmt1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
export const fmt2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');

export const LOAD_HEADER = ['server', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'non-2xx/errors', 'authmock ÷ this'];
const RESOURCE_HEADER = ['server', 'start-up ms (median)', 'first start ms', 'idle RSS MB', 'peak RSS MB'];
const TARGET_HEADER = ['target', 'measured', 'floor', 'met'];

/** A section's load rows (bench/groups.mjs) in the load table's columns; CPU where the section measured it (runInterleavedGroups). */
export function sectionLoadRows(rows) {
  return rows.map((r) => [
    r.label,
    r.endpoint,
    fmtInt(r.reqPerSec),
    fmt1(r.p50),
    fmt1(r.p99),
    r.cpuUsPerReq === undefined ? '-' : fmtInt(r.cpuUsPerReq),
    `${r.non2xx}/${r.errors}`,
    r.ratio === undefined ? '' : fmt2(r.ratio),
  ]);
}

/** A floor met, or not: `min` floors are reached from below, `max` ones from above. */
export const judged = (t) => ({ ...t, met: t.kind === 'min' ? t.value >= t.floor : t.value <= t.floor });

function targetRows(targets, notes) {
  return [
    ...targets.map((t) => [
      t.what,
      t.kind === 'min' || !Number.isInteger(t.floor) ? fmt2(t.value) : fmtInt(t.value),
      `${t.kind === 'min' ? '≥' : '≤'} ${t.floor}`,
      t.met ? 'yes' : 'NO',
    ]),
    ...notes.map(([what, value]) => [what, value, '', '']),
  ];
}

function plain(header, rows, right) {
  const all = [header, ...rows];
  const w = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (right.includes(i) ? String(c).padStart(w[i]) : String(c).padEnd(w[i]))).join('  ');
  return [line(header), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
}

function markdown(header, rows, right) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (right.includes(i) ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** Prints the three tables and their markdown; answers the markdown (docs/benchmark.md's Results, between its bench markers). */
export function printReport({ caption, load, resources, targets, notes, log = console.log }) {
  const tables = [
    [LOAD_HEADER, load, [2, 3, 4, 5, 6, 7]],
    [RESOURCE_HEADER, resources, [1, 2, 3, 4]],
    [TARGET_HEADER, targetRows(targets, notes), [1]],
  ].filter(([, rows]) => rows.length);
  for (const [header, rows, right] of tables) log('\n' + plain(header, rows, right));
  const md = [caption, ...tables.flatMap(([header, rows, right]) => ['', markdown(header, rows, right)])].join('\n');
  log('\n--- markdown (for docs/benchmark.md, between <!-- bench:start --> and <!-- bench:end -->) ---\n' + md + '\n--- end ---');
  return md;
}
