/** One attempt counted (or refused) against a sliding window of `windowMs`. */
export interface Hit {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** When the oldest counted request leaves the window (ms since the epoch); `now` if none. */
  oldestExpiresAt: number;
}

export interface WindowStore {
  hit(key: string, limit: number, windowMs: number, now: number): Promise<Hit>;
  /** Where decisions are taken right now, for /readyz: "local", "redis", or "local (Redis circuit open)". */
  status?(): string;
  /** Settles when the store has tried to reach its backend once (never rejects). */
  ready(): Promise<void>;
  close(): void;
}

/**
 * Sliding-window log in process memory: the times of the requests of the last window, per key.
 * Exact (never more than `limit` in any window) and at most `limit` numbers per key; keys whose
 * window has emptied are swept once a minute.
 */
export interface LocalStore extends WindowStore {
  /** What hit() would answer, without counting anything. */
  peek(key: string, limit: number, windowMs: number, now: number): Hit;
}

export function localStore(): LocalStore {
  const windows = new Map<string, { times: number[]; windowMs: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows)
      if (!w.times.length || w.times[w.times.length - 1] <= now - w.windowMs) windows.delete(key);
  }, 60_000);
  sweep.unref?.();
  function decide(key: string, limit: number, windowMs: number, now: number, count: boolean): Hit {
    let w = windows.get(key);
    if (!w) windows.set(key, (w = { times: [], windowMs }));
    const cutoff = now - windowMs;
    let drop = 0;
    while (drop < w.times.length && w.times[drop] <= cutoff) drop++;
    if (drop) w.times.splice(0, drop);
    const allowed = w.times.length < limit;
    if (allowed && count) w.times.push(now);
    return { allowed, count: w.times.length, oldestExpiresAt: (w.times[0] ?? now) + (w.times.length ? windowMs : 0) };
  }
  return {
    hit: async (key, limit, windowMs, now) => decide(key, limit, windowMs, now, true),
    peek: (key, limit, windowMs, now) => decide(key, limit, windowMs, now, false),
    status: () => "local",
    ready: () => Promise.resolve(),
    close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}
