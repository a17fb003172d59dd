import type { Logger } from "../log.ts";

/**
 * Graceful stop on a signal: runs `stop` (stop accepting, finish requests in flight, close), then
 * exits 0, or 1 when stopping failed. A second signal while that runs exits 1 at once.
 * Returns the function that starts the same stop for another reason (a worker's primary is gone).
 */
export function stopOnSignals(
  stop: () => Promise<unknown>,
  log: Logger,
  signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"],
) {
  let stopping = false;
  async function shutdown(reason: string) {
    if (stopping) return;
    stopping = true;
    log.info("signal received", { signal: reason });
    for (const signal of signals) process.once(signal, () => process.exit(1));
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      log.error("shutdown failed", { error: String((error as Error)?.message ?? error) });
      process.exit(1);
    }
  }
  for (const signal of signals) process.once(signal, () => void shutdown(signal));
  return shutdown;
}
