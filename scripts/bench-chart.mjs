#!/usr/bin/env node
// `npm run bench:chart`: bench/results.json -> bench/results.svg, without rerunning the
// benchmark. `npm run bench` calls writeBenchChart at its end. The chart: requests per
// second per endpoint, one bar per server (the median round), a whisker from the slowest
// to the fastest round, axis labels, a legend naming every server, and a <title>/<desc>
// so a screen reader gets the numbers too.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Labels of results.json files written before it carried its own (results.labels).
const DEFAULT_LABELS = {
  servers: { authmock: 'authmock', prism: 'Prism (default logging)', prismSilent: 'Prism -v silent', express: 'bare Express 5' },
  endpoints: { me: 'GET /customers/me', token: 'POST customer token', login: 'POST social login' },
};
// Okabe-Ito: told apart with the common colour-vision deficiencies; the legend names each anyway.
const COLOURS = ['#0072B2', '#E69F00', '#CC79A7', '#009E73', '#D55E00', '#56B4E9', '#F0E442', '#000000'];
const SIZE = { width: 820, height: 440, left: 78, right: 24, top: 92, bottom: 56 };

/** Reads results.json and writes the chart beside it (or to `svgFile`). */
export function writeBenchChart(resultsFile = join(ROOT, 'bench', 'results.json'), svgFile = join(dirname(resultsFile), 'results.svg')) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  writeFileSync(svgFile, renderBenchChart(results));
  return svgFile;
}

/** The SVG text of a chart of `results` (the shape scripts/bench.mjs writes). */
export function renderBenchChart(results) {
  const labels = {
    servers: { ...DEFAULT_LABELS.servers, ...results.labels?.servers },
    endpoints: { ...DEFAULT_LABELS.endpoints, ...results.labels?.endpoints },
  };
  const rows = results.load.map((r) => ({ ...r, spread: spreadOf(r) }));
  const servers = unique(rows.map((r) => r.server));
  const endpoints = unique(rows.map((r) => r.endpoint));
  const top = niceCeiling(Math.max(...rows.map((r) => r.spread.max)));
  const plot = { x: SIZE.left, y: SIZE.top, w: SIZE.width - SIZE.left - SIZE.right, h: SIZE.height - SIZE.top - SIZE.bottom };
  const yOf = (v) => plot.y + plot.h - (v / top) * plot.h;
  const groupW = plot.w / endpoints.length;
  const barW = Math.min(46, (groupW * 0.8) / servers.length);
  const colour = (server) => COLOURS[servers.indexOf(server) % COLOURS.length];
  const title = 'Requests per second by server and endpoint';
  const settings = results.settings ?? {};
  const subtitle = `median of ${settings.rounds ?? '?'} rounds (whiskers: slowest to fastest round); ${settings.connections ?? '?'} connections, ${settings.durationSeconds ?? '?'} s per round; ${results.machine?.cpu ?? ''} ${results.machine?.cores ?? ''} cores, ${String(results.machine?.date ?? '').slice(0, 10)}`;
  const desc = endpoints
    .map(
      (ep) =>
        `${labels.endpoints[ep] ?? ep}: ${rows
          .filter((r) => r.endpoint === ep)
          .map((r) => `${labels.servers[r.server] ?? r.server} ${fmt(r.reqPerSec)} (${fmt(r.spread.min)} to ${fmt(r.spread.max)})`)
          .join(', ')}`,
    )
    .join('. ');

  const ticks = Array.from({ length: 6 }, (_, i) => (top / 5) * i);
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${n(yOf(t))}" y2="${n(yOf(t))}" class="grid"/><text x="${plot.x - 8}" y="${n(yOf(t) + 4)}" text-anchor="end">${fmt(t)}</text>`,
    )
    .join('\n    ');
  const bars = endpoints
    .map((ep, gi) => {
      const x0 = plot.x + gi * groupW + (groupW - barW * servers.length) / 2;
      const groupBars = servers
        .map((server, si) => {
          const r = rows.find((row) => row.server === server && row.endpoint === ep);
          if (!r) return '';
          const x = x0 + si * barW;
          const cx = x + barW / 2;
          const name = `${labels.servers[server] ?? server}, ${labels.endpoints[ep] ?? ep}: ${fmt(r.reqPerSec)} req/s (rounds ${fmt(r.spread.min)} to ${fmt(r.spread.max)})`;
          return `<g class="bar"><title>${esc(name)}</title>
      <rect x="${n(x + 2)}" y="${n(yOf(r.reqPerSec))}" width="${n(barW - 4)}" height="${n(plot.y + plot.h - yOf(r.reqPerSec))}" fill="${colour(server)}"/>
      <path d="M${n(cx)} ${n(yOf(r.spread.max))}V${n(yOf(r.spread.min))}M${n(cx - 6)} ${n(yOf(r.spread.max))}h12M${n(cx - 6)} ${n(yOf(r.spread.min))}h12" class="whisker"/>
      <text x="${n(cx)}" y="${n(yOf(r.spread.max) - 6)}" text-anchor="middle" class="value">${fmt(r.reqPerSec)}</text></g>`;
        })
        .join('\n      ');
      return `<g class="group">
      ${groupBars}
      <text x="${n(plot.x + gi * groupW + groupW / 2)}" y="${plot.y + plot.h + 22}" text-anchor="middle" class="endpoint">${esc(labels.endpoints[ep] ?? ep)}</text>
    </g>`;
    })
    .join('\n    ');
  const legend = legendOf(servers.map((s) => ({ label: labels.servers[s] ?? s, colour: colour(s) })));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}" viewBox="0 0 ${SIZE.width} ${SIZE.height}" role="img" aria-labelledby="chart-title chart-desc">
  <title id="chart-title">${esc(title)}</title>
  <desc id="chart-desc">${esc(`${subtitle}. ${desc}.`)}</desc>
  <style>
    text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; fill: #1b1d21; }
    .heading { font-size: 16px; font-weight: 600; }
    .sub { fill: #5a5f66; font-size: 11px; }
    .value { font-size: 10px; }
    .endpoint { font-weight: 600; }
    .grid { stroke: #d8dbe0; stroke-width: 1; }
    .axis { stroke: #1b1d21; stroke-width: 1; }
    .whisker { stroke: #1b1d21; stroke-width: 1.5; fill: none; }
  </style>
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="${SIZE.left}" y="24" class="heading">${esc(title)}</text>
  <text x="${SIZE.left}" y="42" class="sub">${esc(subtitle)}</text>
  ${legend}
  <g class="y-axis">
    ${grid}
  </g>
  <line x1="${plot.x}" x2="${plot.x}" y1="${plot.y}" y2="${plot.y + plot.h}" class="axis"/>
  <line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h}" class="axis"/>
  <text transform="translate(18 ${n(plot.y + plot.h / 2)}) rotate(-90)" text-anchor="middle">requests per second (higher is better)</text>
  <g class="bars">
    ${bars}
  </g>
</svg>
`;
}

function legendOf(items) {
  let x = SIZE.left;
  const parts = items.map(({ label, colour }) => {
    const part = `<g class="legend-item"><rect x="${x}" y="58" width="14" height="14" fill="${colour}"/><text x="${x + 20}" y="70">${esc(label)}</text></g>`;
    x += 20 + label.length * 7 + 22;
    return part;
  });
  return `<g class="legend">${parts.join('')}</g>`;
}

/** Slowest and fastest round; a row without rounds spreads nowhere. */
function spreadOf(row) {
  const values = (row.rounds ?? []).map((r) => r.reqPerSec).filter(Number.isFinite);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: row.reqPerSec, max: row.reqPerSec };
}

/** The axis top: the maximum rounded up to 1, 2, 2.5 or 5 times a power of ten, so five ticks read well. */
function niceCeiling(max) {
  if (!(max > 0)) return 1;
  const step = max / 5;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].find((m) => m * power >= step);
  return nice * power * 5;
}

function unique(values) {
  return [...new Set(values)];
}

function fmt(v) {
  return Math.round(v).toLocaleString('en-US');
}

function n(v) {
  return Number(v.toFixed(1));
}

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`written: ${writeBenchChart(process.argv[2] ? resolve(process.argv[2]) : undefined)}`);
}
