import { isIP } from 'node:net';
import type { RandomSource } from '../core/types.js';

/** Whether a listen address is on this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/**
 * The control API's key: the one given with --control-key, else none on a loopback
 * address (open, as a developer's own machine is), else a fresh one to print at start.
 */
export function resolveControlKey(host: string, given: string | undefined, random: RandomSource): { key?: string; generated: boolean } {
  if (given) return { key: given, generated: false };
  if (isLoopback(host)) return { generated: false };
  return { key: random.bytes(18).toString('base64url'), generated: true };
}
