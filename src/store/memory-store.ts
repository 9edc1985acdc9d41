import { randomBytes } from 'node:crypto';
import type { Store, StoreStats, SweepResult } from './store.js';
import { createMemoryState } from './memory-state.js';
import { createMemoryNamespaces } from './memory-namespaces.js';
import { createMemoryIdentities } from './memory-identities.js';
import { createMemoryRecords } from './memory-records.js';
import { createMemoryTokens } from './memory-tokens.js';
import { createMemoryLockouts, createMemoryNonces } from './memory-lockouts.js';
import { createMemoryOAuth, sweepMemoryOAuth } from './memory-oauth.js';

/** Keeps nothing across restarts: `--state memory` and most tests. Values are copied in and out. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  readonly secretKey = randomBytes(32);
  private readonly state = createMemoryState();
  readonly namespaces = createMemoryNamespaces(this.state);
  readonly identities = createMemoryIdentities(this.state);
  readonly records = createMemoryRecords(this.state);
  readonly tokens = createMemoryTokens(this.state);
  readonly lockouts = createMemoryLockouts(this.state);
  readonly nonces = createMemoryNonces(this.state);
  readonly oauth = createMemoryOAuth(this.state);

  async sweep({ ns, now, limit }: { ns?: string; now: number; limit: number }): Promise<SweepResult> {
    const done: SweepResult = { tokens: 0, failures: 0 };
    for (const [id, t] of this.state.tokens) {
      if (done.tokens >= limit) return done;
      if ((ns === undefined || t.ns === ns) && t.record.expiresAt !== null && t.record.expiresAt <= now) {
        this.state.tokens.delete(id);
        done.tokens++;
      }
    }
    for (const [name, space] of this.state.spaces) {
      if (ns !== undefined && name !== ns) continue;
      // codes, refresh tokens and revocations count as tokens
      done.tokens += sweepMemoryOAuth(space.oauth, now, limit - done.tokens);
      if (done.tokens >= limit) return done;
    }
    for (const [name, space] of this.state.spaces) {
      if (ns !== undefined && name !== ns) continue;
      for (const [key, f] of space.failures) {
        if (done.tokens + done.failures >= limit) return done;
        if (f.lockExpiresAt <= now) {
          space.failures.delete(key);
          done.failures++;
        }
      }
    }
    return done;
  }

  async stats(): Promise<StoreStats> {
    let identities = 0;
    let loginFailures = 0;
    for (const space of this.state.spaces.values()) {
      identities += space.identities.size;
      loginFailures += space.failures.size;
    }
    return { namespaces: this.state.spaces.size, identities, tokens: this.state.tokens.size, loginFailures };
  }

  async reset(): Promise<void> {
    this.state.spaces.clear();
    this.state.tokens.clear();
  }

  async close(): Promise<void> {}
}
