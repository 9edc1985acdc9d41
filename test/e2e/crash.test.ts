import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';

/**
 * Issue #14's crash probe, small enough for CI: concurrent token issues and revocations
 * against the real bin, kill -9 in the middle, restart on the same state, and every
 * acknowledged write must be there. Times are the client's: the server handles a request
 * somewhere between the client sending it and the client reading the answer.
 */

const running: ServerProcess[] = [];
const stateDirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
  for (const dir of stateDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CUSTOMERS = [
  { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' },
  { username: 'john.smith@example.com', password: 'John-Smith-1' },
];
const SOCIAL_LOGIN = { username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' };
const LOAD_MS = 1500;
const WORKERS = 12;

/** One request's life as the client saw it; ackAt is undefined when no success came back. */
interface Attempt {
  sentAt: number;
  ackAt?: number;
}
interface Issued extends Attempt {
  customer: number;
  token: string;
}
interface Revoke extends Attempt {
  customer: number;
  /** the answer said nothing was done (401: the token used was already dead) */
  refused: boolean;
}
interface SocialToken extends Attempt {
  token: string;
  logout?: Attempt & { refused: boolean };
}

const post = (base: string, path: string, body?: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Issues and revokes until the server dies; records what was acknowledged and when. */
async function drive(base: string, until: () => boolean) {
  const issued: Issued[] = [];
  const revokes: Revoke[] = [];
  const social: SocialToken[] = [];
  const latest = (customer: number) => issued.filter((t) => t.customer === customer && t.ackAt !== undefined).at(-1);
  const worker = async (n: number) => {
    for (let i = 0; !until(); i++) {
      const customer = (n + i) % CUSTOMERS.length;
      const kind = (n * 7 + i) % 6;
      try {
        if (kind <= 1) {
          const t: Issued = { customer, token: '', sentAt: performance.now() };
          const res = await post(base, '/rest/V1/integration/customer/token', CUSTOMERS[customer]);
          if (res.status === 200) {
            t.token = (await res.json()) as string;
            t.ackAt = performance.now();
            issued.push(t);
          }
        } else if (kind === 2) {
          const token = latest(customer)?.token;
          if (!token) continue;
          const r: Revoke = { customer, sentAt: performance.now(), refused: false };
          revokes.push(r); // pushed before the answer: a revoke cut off by the kill may have been applied
          const res = await post(base, '/rest/V1/integration/customer/revoke-customer-token', undefined, token);
          if (res.status === 200 && (await res.json()) === true) r.ackAt = performance.now();
          else r.refused = res.status === 401;
        } else if (kind <= 4) {
          const t: SocialToken = { token: '', sentAt: performance.now() };
          const res = await post(base, '/socialapi/auth/post/login', SOCIAL_LOGIN);
          if (res.status === 201) {
            t.token = ((await res.json()) as any).user.userToken;
            t.ackAt = performance.now();
            social.push(t);
          }
        } else {
          const open = social.filter((s) => s.ackAt !== undefined && !s.logout);
          const t = open[(n + i) % Math.max(1, open.length)];
          if (!t) continue;
          t.logout = { sentAt: performance.now(), refused: false };
          const res = await post(base, '/socialapi/auth/post/logout', undefined, t.token);
          if (res.status === 200) t.logout.ackAt = performance.now();
          else t.logout.refused = res.status === 401;
        }
      } catch {
        return; // the server is gone: whatever was in flight is unacknowledged
      }
    }
  };
  return { run: Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n))), issued, revokes, social };
}

/**
 * What each acknowledged commerce token must be after the restart. Revocation kills every
 * token the customer has at that moment: a revoke sent after a token was acknowledged must
 * have killed it; a token sent after every revoke of its customer that may have applied
 * was acknowledged must live. Tokens whose issue overlaps a revoke are ambiguous.
 */
function expectCommerce(issued: Issued[], revokes: Revoke[]) {
  const dead: Issued[] = [];
  const alive: Issued[] = [];
  for (const t of issued) {
    const mine = revokes.filter((r) => r.customer === t.customer && !r.refused);
    if (mine.some((r) => r.ackAt !== undefined && r.sentAt > t.ackAt!)) dead.push(t);
    else if (mine.every((r) => r.ackAt !== undefined && r.ackAt < t.sentAt)) alive.push(t);
  }
  return { dead, alive };
}

describe('a server killed with SIGKILL under concurrent token issue and revocation', () => {
  it('finds every acknowledged token and every acknowledged revocation after the restart', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-crash-'));
    stateDirs.push(state);
    const server = await startServer(['--state', state]);
    running.push(server);
    let killed = false;
    const load = await drive(server.baseUrl, () => killed);
    await new Promise((r) => setTimeout(r, LOAD_MS));
    server.child.kill('SIGKILL');
    killed = true;
    await new Promise((r) => server.child.once('exit', r));
    await load.run;

    const { dead, alive } = expectCommerce(load.issued, load.revokes);
    const socialDead = load.social.filter((t) => t.logout?.ackAt !== undefined);
    const socialAlive = load.social.filter((t) => !t.logout || t.logout.refused);
    // the probe must have had something to check, or it proves nothing
    expect(alive.length, 'commerce tokens that must live').toBeGreaterThan(10);
    expect(dead.length, 'commerce tokens that must be revoked').toBeGreaterThan(10);
    expect(socialAlive.length, 'social tokens that must live').toBeGreaterThan(10);
    expect(socialDead.length, 'social tokens logged out').toBeGreaterThan(3);

    const again = await startServer(['--state', state]);
    running.push(again);
    const me = (token: string) => fetch(`${again.baseUrl}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${token}` } });
    const profile = (token: string) =>
      fetch(`${again.baseUrl}/socialapi/user/get/profile`, { headers: { Authorization: `Bearer ${token}` } });
    const lost: string[] = [];
    for (const t of alive) {
      const res = await me(t.token);
      const email = res.status === 200 ? ((await res.json()) as any).email : undefined;
      if (email !== CUSTOMERS[t.customer].username)
        lost.push(`token of ${CUSTOMERS[t.customer].username} acknowledged at ${t.ackAt!.toFixed(1)} ms: ${res.status}`);
    }
    for (const t of dead) {
      const res = await me(t.token);
      if (res.status !== 401)
        lost.push(`revoked token of ${CUSTOMERS[t.customer].username} (issued by ${t.ackAt!.toFixed(1)} ms) answers ${res.status}`);
    }
    for (const t of socialAlive) {
      const res = await profile(t.token);
      if (res.status !== 200) lost.push(`social token acknowledged at ${t.ackAt!.toFixed(1)} ms: ${res.status}`);
    }
    for (const t of socialDead) {
      const res = await profile(t.token);
      if (res.status !== 401) lost.push(`social token logged out at ${t.logout!.ackAt!.toFixed(1)} ms answers ${res.status}`);
    }
    const counts = `${alive.length} live and ${dead.length} revoked commerce tokens, ${socialAlive.length} live and ${socialDead.length} logged-out social tokens (of ${load.issued.length} issued, ${load.revokes.length} revokes sent)`;
    console.log(`crash probe checked ${counts}`);
    expect(lost, counts).toEqual([]);
  }, 60_000);
});
