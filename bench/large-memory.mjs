// The memory of a very large spec under use (issue #43): a generated 50,000-operation spec
// (bench/large-spec.mjs) served by authmock's bin, its RSS once started and again after 1,000
// requests to 1,000 different operations (each compiles and keeps that operation's validators).
// The growth must stay within 2x the start. Run by the spec section; alone:
//   node bench/large-memory.mjs [operations] [requests]
import { join } from 'node:path';
import { HOST, freePort, memoryOf, spawnNode, stop, tempDir, waitFor200 } from './lib.mjs';
import { writeLargeSpec } from './large-spec.mjs';

/** 1,000 (by default) different operations: every resource's list, read, create, update and delete in turn. */
function requestsOf(resources, count) {
  const out = [];
  for (let k = 0; out.length < count; k++) {
    const i = Math.floor((k * 7919) % resources); // spread over the spec, not its first resources
    const base = `/large/resources${i}`;
    const body = JSON.stringify({ id: 1, name: `thing ${k}` });
    const verb = k % 5;
    if (verb === 0) out.push({ method: 'GET', path: `${base}?limit=5` });
    else if (verb === 1) out.push({ method: 'POST', path: base, body });
    else if (verb === 2) out.push({ method: 'GET', path: `${base}/1` });
    else if (verb === 3) out.push({ method: 'PUT', path: `${base}/1`, body });
    else out.push({ method: 'DELETE', path: `${base}/1` });
  }
  return out;
}

/** The API key the server generated for the spec (its start banner prints it). */
function apiKeyFrom(text) {
  return /API key (\S+)/.exec(text)?.[1];
}

export async function measureLargeSpecMemory({
  root,
  operations = 50_000,
  requests = 1000,
  extraArgs = [],
  log = (s) => process.stdout.write(s),
}) {
  const dir = tempDir('authmock-large-memory-');
  const { file, operations: count } = writeLargeSpec(dir, operations);
  const port = await freePort();
  const child = spawnNode([join(root, 'bin', 'authmock.js'), 'serve', file, '--port', String(port), ...extraArgs], {
    cwd: dir,
    stdout: 'pipe',
  });
  let banner = '';
  child.stdout.on('data', (d) => {
    if (banner.length < 1e5) banner += d;
  });
  try {
    const url = `http://${HOST}:${port}`;
    const startMs = await waitFor200(`${url}/__authmock/health`, child, { timeoutMs: 300_000 });
    // the banner may follow the first 200 by a moment
    for (let t0 = performance.now(); !apiKeyFrom(banner) && performance.now() - t0 < 10_000;) await new Promise((r) => setTimeout(r, 50));
    const key = apiKeyFrom(banner);
    if (!key) throw new Error(`no API key in the start banner:\n${banner.slice(0, 2000)}`);
    const atStart = memoryOf(child.pid);
    const statuses = {};
    for (const r of requestsOf(Math.ceil(count / 5), requests)) {
      const res = await fetch(url + r.path, {
        method: r.method,
        headers: { 'x-api-key': key, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        body: r.body,
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    const after = memoryOf(child.pid);
    const result = {
      operations: count,
      requests,
      startMs: Math.round(startMs),
      rssStartMB: +atStart.rssMB.toFixed(1),
      rssAfterMB: +after.rssMB.toFixed(1),
      hwmMB: +after.hwmMB.toFixed(1),
      growth: +(after.rssMB / atStart.rssMB).toFixed(2),
      statuses,
    };
    log(
      `a ${count}-operation spec: started in ${result.startMs} ms, RSS ${result.rssStartMB} MB; after ${requests} requests to different operations ${result.rssAfterMB} MB (x${result.growth}, peak ${result.hwmMB} MB; statuses ${JSON.stringify(statuses)})\n`,
    );
    return result;
  } finally {
    await stop(child);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  await measureLargeSpecMemory({
    root,
    operations: Number(process.argv[2] ?? 50_000),
    requests: Number(process.argv[3] ?? 1000),
    extraArgs: process.argv.slice(4),
  });
}
