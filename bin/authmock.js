#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=2
// Starts plain JavaScript compiled by `npm run build`: no TypeScript compile at start-up.
// The shebang caps V8's young generation at 2 MiB per semi-space and glibc at two malloc
// arenas: under load the defaults (16 MiB, 8 per core) grow the resident set by ~50 MB
// for no measurable gain in throughput (see `npm run bench`).
import { runCli } from '../dist/bundle/authmock.mjs';

runCli(process.argv).catch((err) => {
  process.stderr.write(`authmock: ${err?.message ?? err}\n`);
  process.exit(1);
});
