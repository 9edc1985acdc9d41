import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import {
  JOHN,
  RONI,
  customerLogin,
  customerMe,
  eventually,
  revokeCustomer,
  socialLogin,
  socialLogout,
  socialProfile,
} from './support/http.js';

/**
 * Redis with `appendonly yes` + `appendfsync always` answers a write only once it is on
 * disk, so an acknowledged token or revocation survives Redis being killed (SIGKILL) in
 * the middle of the load. Times are the client's; a request still in flight at the kill
 * was not acknowledged and may have gone either way, so it is left out.
 */
const WORKERS = 8;
/** Redis is killed once this many of each kind were acknowledged (or after LOAD_MAX_MS on a very busy machine). */
const ENOUGH = 5;
const LOAD_MAX_MS = 20_000;

interface Acked {
  token: string;
  /** a revocation (commerce) or logout (social) of this token was acknowledged */
  revoked?: boolean;
  /** one was sent without an answer: left out */
  unsure?: boolean;
}

describe.skipIf(SKIP_REDIS)('an authmock server on Redis with appendfsync always, when Redis is killed', () => {
  let redis: RedisServer;
  let server: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis({ fsyncAlways: true });
    server = await startServer(['--state', redis.url]);
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.dispose();
  });

  it('keeps every acknowledged token and revocation across a SIGKILL of Redis under load', async () => {
    const base = server.baseUrl;
    const roni: Acked[] = []; // issued, never revoked: each must work afterwards
    const john: Acked[] = []; // issued, then revoked through that very token: each must be dead
    const jane: Acked[] = []; // social: logged in, every other one logged out
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const kind = (n + i) % 3;
          if (kind === 0) {
            const res = await customerLogin(base, RONI);
            if (res.status === 200) roni.push({ token: res.body });
          } else if (kind === 1) {
            const res = await customerLogin(base, JOHN);
            if (res.status !== 200) continue;
            const t: Acked = { token: res.body, unsure: true };
            john.push(t);
            const revoked = await revokeCustomer(base, t.token);
            if (revoked.status === 200 && revoked.body === true) Object.assign(t, { revoked: true, unsure: false });
          } else {
            const res = await socialLogin(base);
            if (res.status !== 201) continue;
            const t: Acked = { token: res.body.user.userToken };
            jane.push(t);
            if (i % 2 === 0) {
              t.unsure = true;
              const out = await socialLogout(base, t.token);
              if (out.status === 200) Object.assign(t, { revoked: true, unsure: false });
            }
          }
        } catch {
          // a connection cut at the kill: nothing was acknowledged
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
    const enough = () =>
      [roni.filter((t) => !t.unsure), john.filter((t) => t.revoked), jane.filter((t) => t.revoked)].every((l) => l.length >= ENOUGH);
    for (const end = Date.now() + LOAD_MAX_MS; !enough() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
    await redis.stop('SIGKILL');
    await new Promise((r) => setTimeout(r, 200)); // some requests meet the dead Redis (503s)
    stop = true;
    await load;

    await redis.restart();
    expect(await eventually(async () => (await customerLogin(base, RONI)).status === 200)).toBe(true);

    const alive = roni.filter((t) => !t.unsure);
    const dead = john.filter((t) => t.revoked);
    const socialAlive = jane.filter((t) => !t.revoked && !t.unsure);
    const socialDead = jane.filter((t) => t.revoked);
    // enough of each kind was acknowledged before the kill for the check to mean something
    const counts = [alive, dead, socialAlive, socialDead].map((l) => l.length);
    expect(
      counts.every((n) => n >= 3),
      `acknowledged before the kill: ${counts.join(', ')}`,
    ).toBe(true);

    const lost = (await Promise.all(alive.map(async (t) => ((await customerMe(base, t.token)).status === 200 ? [] : [t.token])))).flat();
    const revived = (await Promise.all(dead.map(async (t) => ((await customerMe(base, t.token)).status === 401 ? [] : [t.token])))).flat();
    const socialLost = (
      await Promise.all(socialAlive.map(async (t) => ((await socialProfile(base, t.token)).status === 200 ? [] : [t.token])))
    ).flat();
    const socialRevived = (
      await Promise.all(socialDead.map(async (t) => ((await socialProfile(base, t.token)).status === 401 ? [] : [t.token])))
    ).flat();
    expect({ lost, revived, socialLost, socialRevived }).toEqual({ lost: [], revived: [], socialLost: [], socialRevived: [] });
  });
});
