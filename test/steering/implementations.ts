import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import type { SteeringRules } from '../../src/steering/steering-rules.js';
import { MemorySteeringRules } from '../../src/steering/memory-steering-rules.js';
import { RedisSteeringRules } from '../../src/steering/redis-steering-rules.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../redis/support/redis-server.js';

/** The namespaces the suite's rules live in (a shared store's rules need the namespace's record for its version). */
export const NAMESPACES = ['a', 'b'];

/** One SteeringRules implementation the shared suite runs against. */
export interface SteeringImplementation {
  name: string;
  /** instances opened together share their rules (as instances on one Redis do) */
  shared: boolean;
  /** fresh, empty rules; `again`: another instance's, on the same backend */
  open(args?: { again?: boolean }): Promise<SteeringRules>;
  close(rules: SteeringRules): Promise<void>;
  /** the namespace's version as a request reads it with the namespace's record (undefined: none) */
  version(rules: SteeringRules, ns: string): Promise<string | undefined>;
}

let server: Promise<RedisServer> | undefined;
afterAll(async () => {
  if (server) await (await server).dispose();
  server = undefined;
});
const stores = new Map<SteeringRules, RedisStore>();

/** Every implementation of SteeringRules: in memory, and in Redis (a throw-away redis-server per test file). */
export const STEERING_IMPLEMENTATIONS: readonly SteeringImplementation[] = [
  {
    name: 'memory',
    shared: false,
    open: async () => new MemorySteeringRules(),
    close: async () => {},
    version: async () => undefined,
  },
  ...(SKIP_REDIS
    ? []
    : [
        {
          name: 'redis',
          shared: true,
          open: async ({ again = false }: { again?: boolean } = {}) => {
            server ??= startRedis();
            const { url } = await server;
            if (!again) {
              const admin = new Redis(url);
              await admin.flushdb();
              admin.disconnect();
            }
            const store = await RedisStore.open(url);
            for (const ns of NAMESPACES) await store.namespaces.create({ ns, seed: [], seedHash: 'seed', now: 0 });
            const rules = new RedisSteeringRules({ redis: store.context });
            stores.set(rules, store);
            return rules;
          },
          close: async (rules: SteeringRules) => {
            await stores.get(rules)?.close();
            stores.delete(rules);
          },
          version: async (rules: SteeringRules, ns: string) => (await stores.get(rules)!.namespaces.get(ns))?.version,
        },
      ]),
];
