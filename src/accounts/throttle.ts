/**
 * A fixed-window counter of attempts per key (an address or an account), held in this process.
 * `take` counts an attempt before the slow password check and says how long the key is blocked;
 * `refund` gives a successful attempt back, so only failures use up the budget. Taking and
 * checking happen in one synchronous step, so parallel attempts cannot slip past the limit.
 */
export class AttemptWindow {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt; returns 0 when allowed, or the seconds until the key may try again. */
  take(key: string): number {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.sweep(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.entries.set(key, entry);
    }
    if (entry.count >= this.limit) return Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
    entry.count++;
    return 0;
  }

  refund(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  // Expired windows are dropped now and then, so many addresses do not pile up in memory.
  private sweep(now: number) {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

/** Login failures: per client address and per account (e-mail address), 15-minute windows. */
export interface LoginLimits {
  perAddress: AttemptWindow;
  perAccount: AttemptWindow;
}

export function loginLimits(): LoginLimits {
  return {
    perAddress: new AttemptWindow(30, 15 * 60_000),
    perAccount: new AttemptWindow(10, 15 * 60_000),
  };
}
