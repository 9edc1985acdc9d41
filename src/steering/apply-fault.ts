import type { ServerResponse } from 'node:http';
import type { WireResponse } from '../core/types.js';
import type { Fault } from './steering-rules.js';

/**
 * A fault on the wire. `reset`: a TCP reset, nothing sent (the client sees ECONNRESET);
 * `close`: the connection closed cleanly with no answer ("socket hang up"); `malformed`:
 * the real status and headers with half the body, so the client's parser fails.
 */
export function applyFault(res: ServerResponse, wire: WireResponse, fault: Fault | string): void {
  const socket = res.socket;
  if (fault === 'reset') return void socket?.resetAndDestroy();
  if (fault === 'close') return void socket?.end();
  const half = Buffer.from(wire.payload).subarray(0, Math.max(1, Math.floor(Buffer.byteLength(wire.payload) / 2)));
  res.writeHead(wire.status, { ...wire.headers, 'Content-Length': String(half.length), Connection: 'close' });
  res.end(half);
}

/** The delay of one answer: `--latency` (a fixed or random one) plus a steering rule's. */
export function pickDelay(latency: { min: number; max: number } | undefined, steered: number | undefined): number {
  const base = latency ? latency.min + Math.floor(Math.random() * (latency.max - latency.min + 1)) : 0;
  return base + (steered ?? 0);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
