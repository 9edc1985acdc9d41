import type { ApiName } from './api-model.js';

export interface FuzzSettings {
  seed: number;
  count: number;
  /** a running server to fuzz instead of an in-process app */
  target?: string;
  only?: { api: ApiName; index: number };
  concurrency: number;
  apis: ApiName[];
}

/** `npm run fuzz` passes its flags to the vitest run as AUTHMOCK_FUZZ_* variables. */
export function readFuzzSettings(env: NodeJS.ProcessEnv): FuzzSettings {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
    return n;
  };
  const only = env.AUTHMOCK_FUZZ_ONLY ? /^(commerce|social):(\d+)$/.exec(env.AUTHMOCK_FUZZ_ONLY) : undefined;
  if (env.AUTHMOCK_FUZZ_ONLY && !only) throw new Error(`AUTHMOCK_FUZZ_ONLY must be <api>:<index>, e.g. commerce:123`);
  const target = env.AUTHMOCK_FUZZ_TARGET || undefined;
  if (target) {
    const host = new URL(target).hostname;
    // load and fault tests stay on this machine
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) && !host.startsWith('127.'))
      throw new Error(`--target must be a loopback address, not ${host}`);
  }
  const apis = (env.AUTHMOCK_FUZZ_APIS ?? 'commerce,social').split(',').filter(Boolean) as ApiName[];
  return {
    seed: number('AUTHMOCK_FUZZ_SEED', Date.now() % 1_000_000),
    count: number('AUTHMOCK_FUZZ_COUNT', 10_000),
    target,
    only: only ? { api: only[1] as ApiName, index: Number(only[2]) } : undefined,
    concurrency: Math.max(1, number('AUTHMOCK_FUZZ_CONCURRENCY', 4)),
    apis,
  };
}
