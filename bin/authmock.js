#!/usr/bin/env -S MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2 node --max-semi-space-size=4 --heap-growing-percent=100
// Starts plain JavaScript compiled by `npm run build`: no TypeScript compile at start-up,
// and the bundle's compiled code comes from a V8 code cache (src/spec/code-cache.ts), kept
// in .authmock/cache/code under the working directory: nothing writes to the package's own
// directory, which may be read-only or reinstalled (node_modules).
// The shebang caps V8's young generation at 4 MiB per semi-space and glibc at two malloc
// arenas: under load the defaults (16 MiB, 8 per core) grow the resident set by ~50 MB
// for no measurable gain in throughput (see `npm run bench`). 2 MiB saved another 6 MB
// but cost a quarter of GET me's rate: a request allocates ~36 KB, and each young
// collection copies what the requests in flight hold, so its cost is per collection.
// Two threads in libuv's pool (four by default) sign the authorization server's RS256
// tokens beside the main thread: on two cores four signing threads took the cores from
// the main thread and cost 17 % of the token rate; the pool must be sized before Node
// starts (it is made on the first use, which loading the modules already is). It also lets the old
// generation at most double before its next full collection (V8 otherwise picks a factor
// from its GC speed, up to four): live data stays near 12 MB under load, and the peak
// resident set of the bench's load measured 107 MB with it against 131 MB without. A
// factor of 1.5 (102 MB) cost the journal-on server throughput in the bench.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../dist/config.js';
import { runCommonJs } from '../dist/spec/code-cache.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const file = join(root, 'dist', 'bundle', 'authmock.cjs');
const bundle = runCommonJs(readFileSync(file), file, createRequire(file), defaultConfig(root, process.cwd()).cacheDir);

bundle.exports.runCli(process.argv).then(
  (command) => {
    // Once the server listens: the cache then holds what start-up compiled.
    if (command === 'serve') setImmediate(bundle.saveCodeCache);
  },
  (err) => {
    process.stderr.write(`authmock: ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
