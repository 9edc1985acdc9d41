import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const ROOT = join(import.meta.dirname, '..', '..');
const RESULTS = join(ROOT, 'bench', 'results.json');
// A script, not a module of src/: loaded by URL so the type checker needs no declarations for it.
const chart = (await import(pathToFileURL(join(ROOT, 'scripts', 'bench-chart.mjs')).href)) as {
  renderBenchChart(results: unknown): string;
  writeBenchChart(resultsFile?: string, svgFile?: string): string;
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', textNodeName: '#text' });

/** Every piece of text in the parsed SVG, wherever it sits. */
function textsOf(node: unknown): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => (k.startsWith('@') ? [] : textsOf(v)));
  return [];
}

describe('the benchmark chart', () => {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8'));

  it('is well-formed SVG with a title and a description, naming every server and endpoint of results.json in its legend', () => {
    const svg = chart.renderBenchChart(results);
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = parser.parse(svg).svg;
    expect(doc['@role']).toBe('img');
    expect(doc.title['#text']).toBe('Requests per second by server and endpoint');
    expect(doc.desc['#text']).toMatch(/median of \d+ rounds/);
    const legend = textsOf(doc.g.find((g: { '@class'?: string }) => g['@class'] === 'legend'));
    const servers = [...new Set(results.load.map((r: { server: string }) => r.server))];
    expect(legend).toHaveLength(servers.length);
    for (const label of ['authmock', 'Prism (default logging)', 'Prism -v silent', 'bare Express 5']) expect(legend).toContain(label);
    const all = textsOf(doc);
    for (const endpoint of ['GET /customers/me', 'POST customer token', 'POST social login']) expect(all).toContain(endpoint);
  });

  it('draws one bar per server and endpoint with a whisker from the slowest to the fastest round', () => {
    const svg = chart.renderBenchChart(results);
    const bars = [...svg.matchAll(/<g class="bar"><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(bars).toHaveLength(results.load.length);
    const me = results.load.find((r: { server: string; endpoint: string }) => r.server === 'authmock' && r.endpoint === 'me');
    const perRound = me.rounds.map((r: { reqPerSec: number }) => r.reqPerSec);
    const fmt = (v: number) => Math.round(v).toLocaleString('en-US');
    expect(bars).toContain(`authmock, GET /customers/me: ${fmt(me.reqPerSec)} req/s (rounds ${fmt(Math.min(...perRound))} to ${fmt(Math.max(...perRound))})`);
    expect(svg.match(/class="whisker"/g)).toHaveLength(results.load.length);
  });

  it('names a server it has no label for by its key, and uses labels results.json carries', () => {
    const svg = chart.renderBenchChart({
      settings: { rounds: 1, connections: 1, durationSeconds: 1 },
      labels: { servers: { fastify: 'Fastify 5' } },
      load: [
        { server: 'fastify', endpoint: 'me', reqPerSec: 100, rounds: [{ reqPerSec: 100 }] },
        { server: 'hono', endpoint: 'me', reqPerSec: 50, rounds: [{ reqPerSec: 40 }, { reqPerSec: 60 }] },
      ],
    });
    const legend = textsOf(parser.parse(svg).svg.g.find((g: { '@class'?: string }) => g['@class'] === 'legend'));
    expect(legend).toEqual(['Fastify 5', 'hono']);
  });

  it('is committed up to date with bench/results.json (npm run bench:chart regenerates it)', () => {
    const file = chart.writeBenchChart(RESULTS, join(mkdtempSync(join(tmpdir(), 'authmock-chart-')), 'results.svg'));
    expect(readFileSync(join(ROOT, 'bench', 'results.svg'), 'utf8')).toBe(readFileSync(file, 'utf8'));
  });
});
