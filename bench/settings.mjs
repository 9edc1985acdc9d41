// The benchmark's settings, read from the environment (scripts/bench.mjs's header lists them).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const REDIS_SERVER = '/usr/bin/redis-server';

const number = (name, fallback) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${v}`);
  return n;
};
const list = (name) => (process.env[name] ? process.env[name].split(',').map((s) => s.trim()) : undefined);

export function readSettings() {
  const only = list('BENCH_ONLY');
  const endpoints = list('BENCH_ENDPOINTS');
  return {
    rounds: Math.max(1, Math.round(number('BENCH_ROUNDS', 3))),
    warmup: number('BENCH_WARMUP', 3),
    duration: Math.max(1, number('BENCH_DURATION', 10)),
    // a journal pair's runs are interleaved in slices of this many seconds (core-section.mjs's measurePair)
    pairSlice: Math.max(1, number('BENCH_PAIR_SLICE', 2)),
    starts: Math.round(number('BENCH_STARTS', 5)),
    connections: Math.max(1, Math.round(number('BENCH_CONNECTIONS', 50))),
    prismSilent: number('BENCH_PRISM_SILENT', 1) !== 0,
    redisServer: REDIS_SERVER,
    withRedis: number('BENCH_REDIS', 1) !== 0 && existsSync(REDIS_SERVER),
    // authmock is always in: every ratio is authmock's
    only: only ? new Set(['authmock', ...only]) : undefined,
    endpoints: endpoints ? new Set(endpoints) : undefined,
    outDir: process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : undefined,
    sections: new Set(list('BENCH_SECTIONS') ?? ['core', 'oauth', 'spec', 'resources']),
  };
}
