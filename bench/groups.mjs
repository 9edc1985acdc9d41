// The measuring loops of the benchmark's sections (bench/oauth-section.mjs, bench/spec-section.mjs): groups of
// targets answering the same request, measured one after the other with the same autocannon load, each round in
// the other order, so a machine's drift does not favour one server; medians, ratios against floors, table rows.
// measureInterleaved (bench/resources-section.mjs) runs several servers in short alternating slices instead,
// with the CPU time their processes spent; rowOf sums such slices (bench/core-section.mjs's too).
import autocannon from 'autocannon';
import { cpuMsOf, median } from './lib.mjs';

/** One real request; throws unless it answers the target's status. Answers the body's text. */
export async function verifyTarget(target) {
  const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const body = await res.text();
  if (res.status !== target.status)
    throw new Error(`${target.server.label} ${target.method} ${target.url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/**
 * One autocannon run against a target: the benchmark's load, the same for every server. A target's
 * `requests` (autocannon's, e.g. a setupRequest that walks through ids) replace its one request.
 */
export function measure(target, seconds, connections) {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    ...(target.requests ? { requests: target.requests } : {}),
    connections,
    duration: seconds,
    timeout: 10,
  });
}

/** A row from one or more runs of one server: requests over their summed time, CPU over their summed requests. */
export function rowOf(slices) {
  const sum = (f) => slices.reduce((n, x) => n + f(x), 0);
  const total = sum((x) => x.r.requests.total);
  const codes = {};
  for (const { r } of slices) for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) codes[k] = (codes[k] ?? 0) + v.count;
  return {
    reqPerSec: total / sum((x) => x.r.duration),
    cpuUsPerReq: (sum((x) => x.cpuMs) * 1000) / total,
    p50: median(slices.map((x) => x.r.latency.p50)),
    p99: median(slices.map((x) => x.r.latency.p99)),
    total,
    non2xx: sum((x) => x.r.non2xx),
    errors: sum((x) => x.r.errors),
    timeouts: sum((x) => x.r.timeouts),
    statusCodes: codes,
    slices: slices.length,
  };
}

/**
 * Targets on one request, interleaved: after each one's warm-up, short runs in the order A B C C B A A B C …,
 * `slice` seconds each, `duration` seconds in all for each, the CPU time of each target's processes
 * (`target.server.pids`) counted over its runs. A busy machine's noise comes and goes over seconds; slices
 * spread a burst over every server. Answers one row (rowOf) per target, in the targets' order.
 */
export async function measureInterleaved(targets, { warmup, duration, slice, connections }) {
  for (const t of targets) if (warmup > 0) await measure(t, warmup, connections);
  const n = Math.max(1, Math.round(duration / slice));
  const seconds = duration / n;
  const got = targets.map(() => []);
  const cpuMs = (t) => t.server.pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  for (let i = 0; i < n; i++) {
    const order = targets.map((_, k) => k);
    for (const k of i % 2 ? order.reverse() : order) {
      const cpu0 = cpuMs(targets[k]);
      const r = await measure(targets[k], seconds, connections);
      got[k].push({ r, cpuMs: cpuMs(targets[k]) - cpu0 });
    }
  }
  return got.map(rowOf);
}

const fmt = (n) => Math.round(n).toLocaleString('en-US').padStart(7);

/**
 * groups: [{ key, label, targets: [{ server: { key, label }, url, method, headers, body, status }],
 *            compare: [{ ours: serverKey, theirs: serverKey, floor }] }]
 * Answers the load rows, the ratios (`<group>/<ours>/<theirs>`), the floors and the printed table's rows.
 */
export async function runGroups({ tag, groups, rounds, warmup, duration, connections, log = (s) => process.stdout.write(s) }) {
  for (const g of groups) for (const t of g.targets) await verifyTarget(t);
  const runs = {};
  for (let round = 0; round < rounds; round++) {
    for (const g of groups) {
      const order = round % 2 ? [...g.targets].reverse() : g.targets;
      for (const t of order) {
        if (warmup > 0) await measure(t, warmup, connections);
        const r = await measure(t, duration, connections);
        const row = {
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        };
        (runs[`${t.server.key}/${g.key}`] ??= []).push(row);
        const trouble = row.non2xx + row.errors ? `  !! ${row.non2xx} non-2xx, ${row.errors} errors` : '';
        log(
          `${tag} round ${round + 1}/${rounds} ${g.label.padEnd(34)} ${t.server.label.padEnd(30)} ${fmt(row.reqPerSec)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${trouble}\n`,
        );
      }
    }
  }
  const summary = (serverKey, g) => {
    const rs = runs[`${serverKey}/${g.key}`];
    return {
      server: serverKey,
      endpoint: g.key,
      reqPerSec: median(rs.map((r) => r.reqPerSec)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      rounds: rs,
    };
  };
  const ratios = {};
  const floors = [];
  for (const g of groups) {
    for (const c of g.compare) {
      // a comparison without a floor is reported in the table only
      const value = summary(c.ours, g).reqPerSec / summary(c.theirs, g).reqPerSec;
      ratios[`${g.key}/${c.ours}/${c.theirs}`] = value;
      const label = (key) => g.targets.find((t) => t.server.key === key).server.label;
      if (c.floor !== undefined)
        floors.push({ what: `${label(c.ours)} ÷ ${label(c.theirs)}, ${g.label}`, value, floor: c.floor, kind: 'min' });
    }
  }
  const load = groups.flatMap((g) => g.targets.map((t) => summary(t.server.key, g)));
  const rows = groups.flatMap((g) =>
    g.targets.map((t) => {
      const ours = g.compare.find((c) => c.theirs === t.server.key)?.ours;
      return {
        ...summary(t.server.key, g),
        label: t.server.label,
        endpoint: g.label,
        ratio: ours === undefined ? undefined : ratios[`${g.key}/${ours}/${t.server.key}`],
      };
    }),
  );
  return { load, ratios, floors, rows };
}

/**
 * groups as runGroups takes them, each target's server with its `pids` (its processes, for the CPU count): each
 * group's rounds one after the other (a group that writes then leaves the others' data alone), its targets
 * interleaved in every round (measureInterleaved), each round in the other order. The ratios are medians of the
 * rounds' ratios, each round's two figures taken close together. Answers what runGroups answers, rows with CPU.
 */
export async function runInterleavedGroups({
  tag,
  groups,
  rounds,
  warmup,
  duration,
  slice,
  connections,
  log = (s) => process.stdout.write(s),
}) {
  for (const g of groups) for (const t of g.targets) await verifyTarget(t);
  const runs = {};
  for (const g of groups) {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...g.targets].reverse() : g.targets;
      const rows = await measureInterleaved(order, { warmup, duration, slice, connections });
      order.forEach((t, k) => {
        const row = { ...rows[k], errors: rows[k].errors + rows[k].timeouts };
        (runs[`${t.server.key}/${g.key}`] ??= []).push(row);
        const trouble =
          row.non2xx + row.errors ? `  !! ${row.non2xx} non-2xx, ${row.errors} errors ${JSON.stringify(row.statusCodes)}` : '';
        log(
          `${tag} round ${round + 1}/${rounds} ${g.label.padEnd(40)} ${t.server.label.padEnd(30)} ${fmt(row.reqPerSec)} req/s  ${fmt(row.cpuUsPerReq)} µs CPU/req  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.slices} interleaved runs)${trouble}\n`,
        );
      });
    }
  }
  const summary = (serverKey, g) => {
    const rs = runs[`${serverKey}/${g.key}`];
    const mid = (f) => median(rs.map(f));
    return {
      server: serverKey,
      endpoint: g.key,
      reqPerSec: mid((r) => r.reqPerSec),
      cpuUsPerReq: mid((r) => r.cpuUsPerReq),
      p50: mid((r) => r.p50),
      p99: mid((r) => r.p99),
      total: rs.reduce((a, r) => a + r.total, 0),
      non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      rounds: rs,
    };
  };
  const ratios = {};
  const floors = [];
  for (const g of groups) {
    for (const c of g.compare) {
      const [ours, theirs] = [runs[`${c.ours}/${g.key}`], runs[`${c.theirs}/${g.key}`]];
      const value = median(ours.map((r, i) => r.reqPerSec / theirs[i].reqPerSec));
      ratios[`${g.key}/${c.ours}/${c.theirs}`] = value;
      ratios[`${g.key}/${c.ours}/${c.theirs}/cpu`] = median(ours.map((r, i) => r.cpuUsPerReq / theirs[i].cpuUsPerReq));
      const label = (key) => g.targets.find((t) => t.server.key === key).server.label;
      if (c.floor !== undefined)
        floors.push({ what: `${label(c.ours)} ÷ ${label(c.theirs)}, ${g.label}`, value, floor: c.floor, kind: 'min' });
    }
  }
  const load = groups.flatMap((g) => g.targets.map((t) => summary(t.server.key, g)));
  const rows = groups.flatMap((g) =>
    g.targets.map((t) => {
      const ours = g.compare.find((c) => c.theirs === t.server.key)?.ours;
      return {
        ...summary(t.server.key, g),
        label: t.server.label,
        endpoint: g.label,
        ratio: ours === undefined ? undefined : ratios[`${g.key}/${ours}/${t.server.key}`],
      };
    }),
  );
  return { load, ratios, floors, rows };
}
