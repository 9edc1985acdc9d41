// The benchmark's core section: the built-in APIs' three requests through authmock (SQLite and Redis, with and
// without its journal, one and two instances), Prism on the same specs, bare Express and bare node:http; start-up
// and memory. Rounds rotate the servers; a server and its journal-off twin are measured together, in interleaved short runs.
import { join } from 'node:path';
import { HOST, cpuMsOf, freePort, median, memoryOf, sleep, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';
import { ALL_ENDPOINTS, JOURNAL_PAIRS, PROBE_PATH, loadServer, roundOrder, startServer, stdoutOf, verify } from './core-servers.mjs';
import { fmt1, fmt2, fmtInt } from './report.mjs';
import { rowOf } from './groups.mjs';

const ROOT = join(import.meta.dirname, '..');

/** Spawn to first 200, STARTS times, the servers interleaved; ms per server key. */
async function measureStartups(defs, starts, log) {
  const chosen = starts
    ? defs.filter((s) => s.key !== 'prismSilent' && s.key !== 'authmockNoJournal' && !s.key.startsWith('authmockRedis'))
    : [];
  const startup = Object.fromEntries(chosen.map((s) => [s.key, []]));
  for (let i = 0; i < starts; i++) {
    for (const def of chosen) {
      const port = await freePort();
      const spec = def.start(String(port), tempDir(), String(await freePort()))[0]; // Prism: the commerce process
      const t0 = performance.now();
      const child = spawnNode(spec.args, { cwd: ROOT, direct: spec.direct, stdout: stdoutOf(def) });
      const ms = await waitFor200(`http://${HOST}:${port}${def.commercePrefix}${PROBE_PATH}`, child, { since: t0, everyMs: 5 });
      startup[def.key].push(ms);
      await stop(child);
    }
    log(`start-up ${i + 1}/${starts}: ${chosen.map((d) => `${d.key} ${Math.round(startup[d.key].at(-1))} ms`).join(', ')}\n`);
  }
  return Object.fromEntries(Object.entries(startup).map(([k, v]) => [k, { median: median(v), all: v.map((x) => +x.toFixed(1)) }]));
}

/** The CPU time (ms) a server's processes, and its Redis for a Redis server, have spent so far. */
function cpuClockOf(s, redis) {
  const pids = [...s.procs.map((p) => p.child.pid), ...(redis[s.def.key] ? [redis[s.def.key].pid] : [])];
  return () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
}

/** One autocannon run of `seconds` on a server, with the CPU its processes spent meanwhile. */
async function slice(s, target, seconds, { settings, redis }) {
  const cpuMs = cpuClockOf(s, redis);
  const cpu0 = cpuMs();
  const r = await loadServer(s, target, seconds, settings.connections);
  return { r, cpuMs: cpuMs() - cpu0 };
}

/** One measured run of one server on one endpoint, after its warm-up. */
async function measureOne(s, ep, ctx) {
  const target = s.targets[ep.key];
  if (ctx.settings.warmup > 0) await loadServer(s, target, ctx.settings.warmup, ctx.settings.connections);
  return rowOf([await slice(s, target, ctx.settings.duration, ctx)]);
}

/**
 * A server and its journal-off twin on one endpoint, interleaved: after both warm-ups, short runs in the
 * order A B B A A B …, BENCH_PAIR_SLICE seconds each, BENCH_DURATION seconds in all for each. A busy
 * machine's noise comes and goes over seconds; back-to-back 10-second runs let a burst fall on one of the
 * two, slices spread it over both.
 */
async function measurePair(a, b, ep, ctx) {
  const { settings } = ctx;
  for (const s of [a, b]) if (settings.warmup > 0) await loadServer(s, s.targets[ep.key], settings.warmup, settings.connections);
  const n = Math.max(1, Math.round(settings.duration / settings.pairSlice));
  const seconds = settings.duration / n;
  const got = new Map([
    [a, []],
    [b, []],
  ]);
  for (let i = 0; i < n; i++) {
    for (const s of i % 2 ? [b, a] : [a, b]) got.get(s).push(await slice(s, s.targets[ep.key], seconds, ctx));
  }
  return [rowOf(got.get(a)), rowOf(got.get(b))];
}

/** Every round: each endpoint on each server, in the round's order, each journal pair interleaved. `${server}/${endpoint}` → the rounds' results. */
async function measureRounds(servers, endpoints, ctx) {
  const { settings, log } = ctx;
  const runs = {};
  const partnerOf = new Map(
    JOURNAL_PAIRS.flatMap((p) => [
      [p.on, p.off],
      [p.off, p.on],
    ]),
  );
  for (let round = 0; round < settings.rounds; round++) {
    const order = roundOrder(servers, round);
    for (const ep of endpoints) {
      for (let i = 0; i < order.length; i++) {
        const s = order[i];
        const twin = order[i + 1]?.def.key === partnerOf.get(s.def.key) ? order[++i] : undefined;
        const rows = twin ? await measurePair(s, twin, ep, ctx) : [await measureOne(s, ep, ctx)];
        (twin ? [s, twin] : [s]).forEach((srv, k) => {
          const row = rows[k];
          (runs[`${srv.def.key}/${ep.key}`] ??= []).push(row);
          const bad = row.non2xx + row.errors + row.timeouts;
          const trouble = bad
            ? `  !! ${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} timeouts ${JSON.stringify(row.statusCodes)}`
            : '';
          log(
            `round ${round + 1}/${settings.rounds} ${ep.label.padEnd(20)} ${srv.def.label.padEnd(24)} ${fmtInt(row.reqPerSec).padStart(7)} req/s  ${fmtInt(row.cpuUsPerReq).padStart(4)} µs CPU/req  p50 ${row.p50} ms  p99 ${row.p99} ms${twin ? `  (${row.slices} interleaved runs)` : ''}${trouble}\n`,
          );
        });
      }
    }
  }
  return runs;
}

/** Medians over the rounds, per server and endpoint. */
function summarize(runs, servers, endpoints) {
  const summary = {};
  for (const s of servers) {
    for (const ep of endpoints) {
      const rs = runs[`${s.def.key}/${ep.key}`];
      summary[`${s.def.key}/${ep.key}`] = {
        server: s.def.key,
        endpoint: ep.key,
        reqPerSec: median(rs.map((r) => r.reqPerSec)),
        cpuUsPerReq: median(rs.map((r) => r.cpuUsPerReq)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
        errors: rs.reduce((a, r) => a + r.errors + r.timeouts, 0),
        rounds: rs,
      };
    }
  }
  return summary;
}

/** authmock against each peer per endpoint; its variants against each other as medians of the rounds' ratios. */
function ratiosOf(runs, summary, settings) {
  const rps = (server, ep) => summary[`${server}/${ep}`]?.reqPerSec;
  // each round's two measurements were taken close together
  const paired = (a, b, ep, of = 'reqPerSec') => {
    const ra = runs[`${a}/${ep}`];
    const rb = runs[`${b}/${ep}`];
    return ra && rb ? median(ra.map((r, i) => r[of] / rb[i][of])) : NaN;
  };
  const ratios = {};
  for (const ep of ALL_ENDPOINTS) {
    ratios[ep.key] = {
      vsPrism: rps('authmock', ep.key) / rps('prism', ep.key),
      vsPrismSilent: settings.prismSilent ? rps('authmock', ep.key) / rps('prismSilent', ep.key) : undefined,
      vsExpress: rps('authmock', ep.key) / rps('express', ep.key),
      vsNode: rps('authmock', ep.key) / rps('node', ep.key),
      // issues #13 and #29: authmock on Redis against authmock on SQLite, and two instances on one Redis against one
      redisVsSqlite: paired('authmockRedis', 'authmock', ep.key),
      twoVsOneOnRedis: paired('authmockRedis2', 'authmockRedis', ep.key),
      // what the journal costs: journal-off ÷ on − 1, per round, the pair measured in interleaved runs
      journalCost: Object.fromEntries(JOURNAL_PAIRS.map((p) => [p.what, paired(p.off, p.on, ep.key) - 1])),
      // the same in CPU time per request (the Redis server's included): journal-on ÷ off − 1, and SQLite ÷ Redis
      journalCostCpu: Object.fromEntries(JOURNAL_PAIRS.map((p) => [p.what, paired(p.on, p.off, ep.key, 'cpuUsPerReq') - 1])),
      redisVsSqliteCpu: paired('authmock', 'authmockRedis', ep.key, 'cpuUsPerReq'),
    };
  }
  return ratios;
}

/** The issues' floors (#15, #24, #29), from this run's ratios, start-up and memory. */
function floorsOf(ratios, startupMs, memory, settings) {
  const ratioOf = (ep, key) => ratios[ep]?.[key] ?? NaN;
  return [
    { what: 'authmock/Prism GET me', value: ratioOf('me', 'vsPrism'), floor: 3.0, kind: 'min' },
    { what: 'authmock/Prism customer token', value: ratioOf('token', 'vsPrism'), floor: 2.5, kind: 'min' },
    { what: 'authmock/Prism social login', value: ratioOf('login', 'vsPrism'), floor: 2.5, kind: 'min' },
    { what: 'authmock/bare Express GET me', value: ratioOf('me', 'vsExpress'), floor: 1.6, kind: 'min' },
    // issue #24: the logins may lose the hand-written HMAC's gain, down to 1.3
    { what: 'authmock/bare Express customer token', value: ratioOf('token', 'vsExpress'), floor: 1.3, kind: 'min' },
    { what: 'authmock/bare Express social login', value: ratioOf('login', 'vsExpress'), floor: 1.3, kind: 'min' },
    { what: 'authmock/bare node:http GET me', value: ratioOf('me', 'vsNode'), floor: 0.35, kind: 'min' },
    ...(settings.withRedis
      ? [
          { what: 'authmock on Redis ÷ on SQLite, GET me', value: ratioOf('me', 'redisVsSqlite'), floor: 0.8, kind: 'min' },
          { what: 'authmock on Redis ÷ on SQLite, customer token', value: ratioOf('token', 'redisVsSqlite'), floor: 0.7, kind: 'min' },
          { what: 'authmock on Redis ÷ on SQLite, social login', value: ratioOf('login', 'redisVsSqlite'), floor: 0.7, kind: 'min' },
        ]
      : []),
    ...JOURNAL_PAIRS.filter((p) => p.what === 'SQLite' || settings.withRedis).map((p) => ({
      what: `journal cost on GET me, ${p.what} (journal-off ÷ on − 1, paired rounds)`,
      value: ratios.me?.journalCost[p.what] ?? NaN,
      floor: 0.1,
      kind: 'max',
    })),
    { what: 'authmock start-up (ms, median)', value: startupMs.authmock?.median ?? NaN, floor: 250, kind: 'max' },
    { what: 'authmock idle RSS (MB)', value: memory.authmock.idleMB[0], floor: 80, kind: 'max' },
    { what: 'authmock peak RSS under load (MB)', value: memory.authmock.peakMB[0], floor: 130, kind: 'max' },
  ];
}

/** Figures reported without a floor: what a second instance adds, and the ratios again in CPU per request. */
function notesOf(ratios, endpoints, settings) {
  const ratioOf = (ep, key) => ratios[ep]?.[key] ?? NaN;
  const notes = [];
  if (settings.withRedis) {
    // two cores: both instances compete with Redis and the load generator
    for (const ep of endpoints) notes.push([`two instances ÷ one on Redis, ${ep.label}`, fmt2(ratioOf(ep.key, 'twoVsOneOnRedis'))]);
    for (const ep of endpoints)
      notes.push([`CPU per request: on SQLite ÷ on Redis (Redis's own included), ${ep.label}`, fmt2(ratioOf(ep.key, 'redisVsSqliteCpu'))]);
  }
  for (const p of JOURNAL_PAIRS.filter((pair) => pair.what === 'SQLite' || settings.withRedis)) {
    notes.push([`CPU per request: journal cost on GET me, ${p.what} (on ÷ off − 1)`, fmt2(ratios.me?.journalCostCpu[p.what])]);
  }
  return notes;
}

/** The load table's rows and the resources table's rows of this section. */
function rowsOf(servers, endpoints, summary, startupMs, memory) {
  const rps = (server, ep) => summary[`${server}/${ep}`]?.reqPerSec;
  const load = [];
  for (const ep of endpoints) {
    for (const s of servers) {
      const r = summary[`${s.def.key}/${ep.key}`];
      const ratio = s.def.key === 'authmock' ? '' : fmt2(rps('authmock', ep.key) / r.reqPerSec);
      load.push([
        s.def.label,
        ep.label,
        fmtInt(r.reqPerSec),
        fmt1(r.p50),
        fmt1(r.p99),
        fmtInt(r.cpuUsPerReq),
        `${r.non2xx}/${r.errors}`,
        ratio,
      ]);
    }
  }
  const memCell = (arr) => arr.map((x) => Math.round(x)).join(' + ');
  const resources = servers.map((s) => [
    s.def.label + (s.procs.length > 1 ? (s.def.pair ? ' (two processes)' : ' (commerce + social)') : ''),
    startupMs[s.def.key] ? fmtInt(startupMs[s.def.key].median) : '(as above)',
    startupMs[s.def.key] ? fmtInt(startupMs[s.def.key].all[0]) : '',
    memCell(memory[s.def.key].idleMB),
    memCell(memory[s.def.key].peakMB),
  ]);
  return { load, resources };
}

/**
 * Runs the section: `defs` the servers (bench/core-servers.mjs), `redis` each Redis variant's redis-server by server key ({url, pid}).
 * Answers the load summary, ratios, floors, table rows, notes, start-up and memory figures.
 */
export async function runCoreSection({ settings, defs, endpoints, redis, log = (s) => process.stdout.write(s) }) {
  const startupMs = await measureStartups(defs, settings.starts, log);
  const servers = [];
  for (const def of defs) servers.push(await startServer(def));
  for (const s of servers) await verify(s);
  await sleep(1000);
  for (const s of servers) s.idle = s.procs.map((p) => ({ api: p.api, ...memoryOf(p.child.pid) }));
  log(`\nall servers answer every benchmark request with the expected 2xx; measuring\n\n`);
  const runs = await measureRounds(servers, endpoints, { settings, redis, log });
  for (const s of servers) s.peak = s.procs.map((p) => ({ api: p.api, ...memoryOf(p.child.pid) }));
  for (const s of servers) for (const p of s.procs) await stop(p.child);

  const summary = summarize(runs, servers, endpoints);
  const ratios = ratiosOf(runs, summary, settings);
  const mem = (s, which) => s.map((m) => m[which]);
  const memory = Object.fromEntries(
    servers.map((s) => [s.def.key, { processes: s.procs.map((p) => p.api), idleMB: mem(s.idle, 'rssMB'), peakMB: mem(s.peak, 'hwmMB') }]),
  );
  return {
    load: Object.values(summary),
    ratios,
    floors: floorsOf(ratios, startupMs, memory, settings),
    notes: notesOf(ratios, endpoints, settings),
    rows: rowsOf(servers, endpoints, summary, startupMs, memory),
    startupMs,
    memory,
  };
}
