#!/usr/bin/env node
// Starts plain JavaScript compiled by `npm run build`: no TypeScript compile at start-up.
import { runCli } from '../dist/bundle/authmock.mjs';

runCli(process.argv).catch((err) => {
  process.stderr.write(`authmock: ${err?.message ?? err}\n`);
  process.exit(1);
});
