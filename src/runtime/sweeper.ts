import type { Clock } from '../core/types.js';
import type { Logger } from '../log/create-logger.js';
import type { Store, SweepResult } from '../store/store.js';

export interface SweeperOptions {
  store: Pick<Store, 'namespaces' | 'sweep'>;
  /** the real clock; each namespace's time is it plus the namespace's offset */
  clock: Clock;
  log: Logger;
  /** between sweeps */
  intervalMs?: number;
  /** rows one sweep deletes at most, over all namespaces: the work per tick is bounded */
  budget?: number;
}

export interface Sweeper {
  /** one bounded sweep of every namespace, at its own time */
  sweepOnce(): Promise<SweepResult>;
  stop(): void;
}

/** Every 5 s at most 10,000 rows: a client writing 4,000 failed-login rows a second is kept flat. */
export const SWEEP_INTERVAL_MS = 5000;
export const SWEEP_BUDGET = 10_000;

/**
 * Deletes expired tokens and failed-login rows whose lock has expired, periodically, so
 * the state does not grow with every distinct username ever tried. The timer is unref'd:
 * it never keeps the process alive, and a sweep never overlaps the previous one.
 */
export function startSweeper(options: SweeperOptions): Sweeper {
  const { store, clock, log, intervalMs = SWEEP_INTERVAL_MS, budget = SWEEP_BUDGET } = options;
  let running: Promise<SweepResult> | undefined;
  const sweepOnce = async (): Promise<SweepResult> => {
    const total: SweepResult = { tokens: 0, failures: 0 };
    for (const ns of await store.namespaces.list()) {
      const left = budget - total.tokens - total.failures;
      if (left <= 0) break;
      const done = await store.sweep({ ns: ns.name, now: clock.now() + ns.clockOffsetMs, limit: left });
      total.tokens += done.tokens;
      total.failures += done.failures;
    }
    if (total.tokens + total.failures > 0) log.debug(total, 'swept expired state');
    return total;
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOnce()
      .catch((err: unknown) => {
        log.warn({ err: (err as Error).message }, 'sweep failed; trying again at the next interval');
        return { tokens: 0, failures: 0 };
      })
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return { sweepOnce, stop: () => clearInterval(timer) };
}
