import type { RequestBudget } from './request-budget.js';
import { SetupError } from '../session.js';
import { snippet } from '../response-checks.js';
import { CLIENT_HEADER } from '../../control/cross-site.js';

/**
 * One call of an authmock's control API in the check's namespace: its JSON answer, or a
 * SetupError naming the status, but for the statuses `tolerated` lets through (a delete of
 * what is already gone).
 */
export type ControlCall = (method: string, path: string, body?: unknown, tolerated?: readonly number[]) => Promise<any>;

export interface ControlClientOptions {
  /** the check's namespace on the target: `<target>/__ns/<name>` */
  base: string;
  controlKey?: string;
  timeoutMs: number;
  /** every call is a request of the run's --max-requests */
  budget: RequestBudget;
}

export function createControlClient(o: ControlClientOptions): ControlCall {
  return async (method, path, body, tolerated = []) => {
    o.budget.take();
    const headers: Record<string, string> = {
      [CLIENT_HEADER]: 'authmock-check',
      ...(o.controlKey ? { 'X-Authmock-Key': o.controlKey } : {}),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${o.base}/__authmock${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    const text = await res.text();
    if (tolerated.includes(res.status)) return undefined;
    if (!res.ok) throw new SetupError(`the control API answered ${method} /__authmock${path} with ${res.status}: ${snippet(text)}`);
    return text ? JSON.parse(text) : undefined;
  };
}
