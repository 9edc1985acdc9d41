import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { defaultConfig } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { createApp } from '../../src/http/create-app.js';
import { lazyApp } from '../support/lazy-app.js';
import { ACCOUNTS, ROOT } from '../support/make-app.js';
import { COMMERCE } from '../support/wire.js';

/** The writes a full disk refuses, by part of the Store. */
const WRITES = { tokens: ['save', 'revokeUser', 'revoke'], lockouts: ['recordFailure', 'clear'] } as const;

/** A store whose writes fail as SQLite's do when the disk is full, while `full` is set. */
function fillableStore(code = 'SQLITE_FULL'): { store: Store; disk: { full: boolean } } {
  const inner = new MemoryStore();
  const disk = { full: false };
  const fillable = <T extends object>(part: T, writes: readonly string[]): T =>
    new Proxy(part, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || !writes.includes(String(name))) return value;
        return (...args: unknown[]) => {
          if (disk.full) return Promise.reject(Object.assign(new Error('database or disk is full'), { code }));
          return value.apply(target, args);
        };
      },
    });
  const parts: Partial<Record<PropertyKey, unknown>> = {
    tokens: fillable(inner.tokens, WRITES.tokens),
    lockouts: fillable(inner.lockouts, WRITES.lockouts),
  };
  const store = new Proxy(inner, { get: (target, name, receiver) => parts[name] ?? Reflect.get(target, name, receiver) });
  return { store, disk };
}

function appWith(store: Store) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _e, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  const config = { ...defaultConfig(ROOT), state: 'memory', cacheDir: undefined };
  const violations: unknown[] = [];
  const runtime = createRuntime({
    config,
    store,
    log: pino({ level: 'info', base: undefined }, sink),
    hooks: { onResponseViolation: (v) => violations.push(v) },
  });
  return { http: request(lazyApp(runtime.then((r) => createApp(r)))), lines, violations };
}

describe('a full disk while serving', () => {
  it("commerce: answers the API's own 503, logs one line without a stack, and recovers when space returns", async () => {
    const { store, disk } = fillableStore();
    const t = appWith(store);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(200);
    disk.full = true;
    const res = await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.body).toEqual({ message: 'Service temporarily unavailable. Please try again later.' });
    const xml = await t.http.post(COMMERCE.customerToken).set('Accept', 'application/xml').send(ACCOUNTS.roni);
    expect(xml.status).toBe(503);
    expect(xml.text).toContain('<message>Service temporarily unavailable. Please try again later.</message>');
    const errors = t.lines.filter((l) => (l.level as number) >= 50);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ code: 'SQLITE_FULL', msg: expect.stringContaining('disk full') });
    expect(JSON.stringify(errors)).not.toContain('    at ');
    disk.full = false;
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(200);
    expect(t.violations).toEqual([]);
  });

  it("social: answers the API's own 503 for an I/O error, and recovers", async () => {
    const { store, disk } = fillableStore('SQLITE_IOERR_WRITE');
    const t = appWith(store);
    const login = { username: ACCOUNTS.jane.username, password: ACCOUNTS.jane.password, ...ACCOUNTS.app };
    await t.http.post('/socialapi/auth/post/login').send(login).expect(201);
    disk.full = true;
    const res = await t.http.post('/socialapi/auth/post/login').send(login);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: false, message: 'Service temporarily unavailable. Please try again later.' });
    disk.full = false;
    await t.http.post('/socialapi/auth/post/login').send(login).expect(201);
    expect(t.violations).toEqual([]);
  });
});
