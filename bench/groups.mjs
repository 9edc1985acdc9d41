// The measuring loop of the benchmark's sections (bench/oauth-section.mjs, bench/spec-section.mjs): groups of
// targets answering the same request, measured one after the other with the same autocannon load, each round in
// the other order, so a machine's drift does not favour one server; medians, ratios against floors, table rows.
import autocannon from 'autocannon';
import { median } from './lib.mjs';

/** One real request; throws unless it answers the target's status. Answers the body's text. */
export async function verifyTarget(target) {
  const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const body = await res.text();
  if (res.status !== target.status)
    throw new Error(`${target.server.label} ${target.method} ${target.url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/** One autocannon run against a target: the benchmark's load, the same for every server. */
export function measure(target, seconds, connections) {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 10,
  });
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
