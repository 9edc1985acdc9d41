import { afterEach, beforeEach, expect } from 'vitest';
import type { Config } from '../../src/config.js';
import { makeApp, type TestApp } from './make-app.js';

/**
 * One app per file (or describe block) instead of one per test: building a runtime
 * compiles both specs, which is most of a test's time. Before each test the store is
 * reset to the fixtures and the clock put back, so every test still starts from the
 * same state; after each test any answer that broke the spec fails it, as makeApp does.
 * Call at file or describe level; the returned function gives the app inside a test.
 */
export function useApp(overrides: Partial<Config> = {}): () => TestApp {
  let t: TestApp | undefined;
  let start = 0;
  beforeEach(async () => {
    if (!t) return;
    await t.store.reset();
    t.clock.ms = start;
    t.violations.length = 0;
  });
  afterEach(() => {
    if (t) expect(t.violations.splice(0), 'answers that break the spec').toEqual([]);
  });
  return () => {
    if (!t) {
      t = makeApp(overrides, { expectViolations: true });
      start = t.clock.ms;
    }
    return t;
  };
}
