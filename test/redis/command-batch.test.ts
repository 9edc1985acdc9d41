import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { batchCommands } from '../../src/store/redis/command-batch.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';

/** The Redis store's own batching of a request's commands (src/store/redis/command-batch.ts). */
describe.skipIf(SKIP_REDIS)('batched commands', () => {
  let redis: RedisServer;
  let client: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    await client.connect();
  });
  afterAll(async () => {
    client.disconnect();
    await redis.dispose();
  });

  it('sends the commands of one turn in one write, in order, each with its own reply', async () => {
    const send = batchCommands(client);
    const writes: string[] = [];
    const write = client.stream.write.bind(client.stream);
    client.stream.write = ((chunk: string) => (writes.push(String(chunk)), write(chunk))) as typeof client.stream.write;
    try {
      const replies = await Promise.all([
        send('set', ['batch:a', '1']),
        send('incr', ['batch:a']),
        send('hmget', ['batch:none', 'x', 'y']),
        send('get', ['batch:a']),
      ]);
      expect(replies).toEqual(['OK', 2, [null, null], '2']);
      expect(writes).toHaveLength(1);
    } finally {
      client.stream.write = write;
    }
  });

  it('sends what was issued while a batch was in flight together, once its replies are in', async () => {
    const send = batchCommands(client);
    const first = send('incr', ['batch:n']);
    await new Promise((resolve) => setImmediate(resolve));
    // the first batch is written; these wait for it
    const later = [send('incr', ['batch:n']), send('incr', ['batch:n'])];
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([2, 3]);
  });

  it('passes a script error as it is and fails every command at once while disconnected', async () => {
    const send = batchCommands(client);
    await expect(send('evalsha', ['0'.repeat(40), 0])).rejects.toThrow(/^NOSCRIPT/);
    const gone = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    gone.on('error', () => undefined);
    await expect(batchCommands(gone)('ping', [])).rejects.toThrow(/enableOfflineQueue/);
    gone.disconnect();
  });
});
