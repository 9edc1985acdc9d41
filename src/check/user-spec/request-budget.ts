import { SkipCase } from '../run-cases.js';

/**
 * The requests a run may send (`--max-requests`): every request to the target counts,
 * the cases' own and those that set them up (the control API, a token endpoint). Once
 * it is spent, the remaining cases are skipped, saying so.
 */
export class RequestBudget {
  private sent = 0;
  /** requests the run will still send whatever happens (giving its namespace back) */
  private reserved = 0;

  constructor(readonly max: number) {}

  get count(): number {
    return this.sent;
  }

  get reason(): string {
    return `the request budget is spent (--max-requests ${this.max})`;
  }

  /** why no more requests may go, or undefined */
  exhausted(): string | undefined {
    return this.sent + this.reserved >= this.max ? this.reason : undefined;
  }

  /** counts one request, or skips the case that wanted it when none are left */
  take(): void {
    if (this.sent + this.reserved >= this.max) throw new SkipCase(this.reason);
    this.sent++;
  }

  /** counts requests the run cannot do without (finding out what the target is) */
  note(n = 1): void {
    this.sent += n;
  }

  /** keeps a request for later, which the cases may not spend */
  reserve(): void {
    this.reserved++;
  }

  /** counts a request kept for later */
  spendReserved(): void {
    this.reserved = Math.max(0, this.reserved - 1);
    this.sent++;
  }
}
