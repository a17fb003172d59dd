// Time passing for this process's monotonic clock without waiting for it: performance.now() runs
// ahead by `ms` from now on, as it would after a real wait, and is never set back (answers and
// checks stamped meanwhile would otherwise lie in its future). For a suite that needs a cache that
// rechecks after some seconds of performance.now() (src/search/vocabulary-store.ts) to see them
// pass. Date.now() is left alone: the app compares it with the database's now(), which does not move.
export function advanceMonotonicClock(ms: number): void {
  const now = performance.now;
  performance.now = () => now.call(performance) + ms;
}

/**
 * Holds performance.now() where it is until the returned function lets it run again (from where
 * the real clock is by then: forward, never back). For a wait that must not reach a recheck of
 * performance.now() however long a busy machine makes it.
 */
export function holdMonotonicClock(): () => void {
  const running = performance.now;
  const held = running.call(performance);
  performance.now = () => held;
  return () => {
    performance.now = running;
  };
}

/**
 * An availability query whose answer no passing minute changes: `days` days from a date 100 days
 * ahead. A window from now changes whenever now passes the start of a slot, so a test comparing
 * two answers' tags a moment apart failed when such a minute fell between them (a busy CI run).
 */
export function steadyWindow(days = 7): string {
  const from = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
  return `from=${from}&days=${days}&tz=UTC`;
}
