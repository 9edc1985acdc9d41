import type { ApiStats, FindingRecord, FuzzReport } from './run-fuzz.js';

/** The summary a person reads: per API counts, statuses, coverage of operations, then each finding with its replay. */
export function formatReport(report: FuzzReport): string {
  const lines: string[] = [`authmock fuzz: seed ${report.seed}, target ${report.baseUrl}, ${report.seconds.toFixed(1)} s`];
  for (const [api, stats] of Object.entries(report.stats) as [string, ApiStats][]) {
    const sorted = [...stats.ms].sort((a, b) => a - b);
    const pct = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : '-');
    lines.push('', `${api}: ${stats.requests} requests, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`);
    lines.push(`  statuses: ${formatCounts(stats.byStatus)}`);
    for (const [op, byStatus] of Object.entries(stats.byOperation).sort()) lines.push(`  ${op}: ${formatCounts(byStatus)}`);
    const tags = Object.entries(stats.byTag).sort((a, b) => b[1] - a[1]);
    lines.push(`  generated: ${tags.map(([t, n]) => `${t} ${n}`).join(', ')}`);
    lines.push(`  findings: ${Object.keys(stats.findingsByKind).length ? formatCounts(stats.findingsByKind) : 'none'}`);
  }
  lines.push(
    '',
    `${report.findingCount} request(s) with findings${report.findings.length < report.findingCount ? `, the first ${report.findings.length} shown` : ''}`,
  );
  for (const f of report.findings) lines.push('', formatFinding(f, report.baseUrl));
  if (report.dropped.length) {
    lines.push(
      '',
      `${report.dropped.length} request(s) whose connection was dropped without an answer, then answered when sent again (not counted as findings):`,
    );
    for (const f of report.dropped.slice(0, 20)) lines.push('', formatFinding(f, report.baseUrl));
  }
  return lines.join('\n');
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort()
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
}

/** One finding with what it takes to see it again: the seed and index, and the bytes as a curl command. */
export function formatFinding(f: FindingRecord, baseUrl: string): string {
  const { request } = f;
  const out = [
    `[${f.api} #${f.index}, seed ${f.seed}] ${f.findings.map((x) => `${x.kind}: ${x.detail}`).join('\n    ')}`,
    `  operation ${request.operationId}, token ${request.token.kind}${request.token.kind === 'valid' ? ` (${request.token.principal})` : ''} via ${request.placement}; generated: ${request.tags.join(', ')}`,
    `  answer ${f.status}: ${f.body.slice(0, 300)}`,
    `  replay: AUTHMOCK_FUZZ_SEED=${f.seed} AUTHMOCK_FUZZ_ONLY=${f.api}:${f.index} npm run fuzz   (or: npm run fuzz -- --seed ${f.seed} --only ${f.api}:${f.index})`,
    `  as sent (tokens are from that run): ${toCurl(baseUrl, f)}`,
  ];
  return out.join('\n');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function toCurl(baseUrl: string, f: FindingRecord): string {
  const { wire } = f;
  const parts = [
    'curl --path-as-is -sS -i',
    '-X',
    quote(wire.method),
    quote(baseUrl.replace(/\/$/, '') + Buffer.from(wire.target, 'latin1').toString('latin1')),
  ];
  for (const [k, v] of Object.entries(wire.headers)) parts.push('-H', quote(`${k}: ${v}`));
  if (wire.body) {
    if (wire.body.length > 4096)
      return `${parts.join(' ')} --data-binary @<(head -c ${wire.body.length} /dev/zero | tr '\\0' ' ')   # a ${wire.body.length}-byte body, see the plan: ${JSON.stringify({ ...f.request.body, value: undefined }).slice(0, 300)}`;
    parts.push('--data-binary', `@<(printf %s ${wire.body.toString('base64')} | base64 -d)`);
  }
  return parts.join(' ');
}
