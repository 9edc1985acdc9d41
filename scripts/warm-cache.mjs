#!/usr/bin/env node
// Part of `npm run build`: one `authmock serve` as a user starts it (the bin, its shebang's
// flags, a fresh state directory), stopped after its first answer, in this repository. It
// leaves in .authmock/cache (under the working directory, here the repository) the parsed
// specs and fixtures, the compiled validators of every spec (the control API's too, through
// one control request: it is built on its first) and the
// V8 code cache of the bundle, so even the first `npm start` after a build skips parsing
// and compiling. An installed package ships no cache: its first start fills the project's. An edited spec or a rebuilt bundle is
// compiled afresh by the server itself (each cache is keyed by a hash of its input).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'authmock.js');
const state = mkdtempSync(join(tmpdir(), 'authmock-warm-'));
// Windows ignores the shebang: node runs the bin there (its code cache is then keyed without the flags).
const [cmd, args] = process.platform === 'win32' ? [process.execPath, [bin]] : [bin, []];
const child = spawn(cmd, [...args, 'serve', '--port', '0', '--state', state, '--log-level', 'warn'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', resolve));
try {
  const url = await listeningUrl(child);
  // The bin writes the code cache right after listening, before it handles any request.
  while ((await status(`${url}/rest/V1/directory/countries`)) !== 200) await sleep(20);
  // the control API is compiled on its first request: one, so its validators are cached too
  if ((await status(`${url}/__authmock/clock`)) !== 200) throw new Error('the control API did not answer GET /__authmock/clock');
} finally {
  child.kill('SIGTERM');
  await exited;
  rmSync(state, { recursive: true, force: true });
}

/** The address the banner names ("listening on http://127.0.0.1:<port> ...", a JSON line here); rejects if the server exits first. */
function listeningUrl(proc) {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (s) => {
      out += s;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`warm-cache: authmock serve exited (${code}) before listening`)));
    setTimeout(() => reject(new Error('warm-cache: authmock serve did not listen within 60 s')), 60_000).unref();
  });
}

function status(url) {
  return new Promise((resolve) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', () => resolve(0));
  });
}
