import type { RedisClient } from "bun";

/**
 * Connects a Redis client in the background, at most one try a second: a request never waits for
 * it (the stores using it decide without Redis meanwhile). Returns the function to call whenever
 * the client is found disconnected; its first call's promise says when the first try settled.
 */
export function backgroundConnect(client: RedisClient): () => Promise<void> {
  let connecting = false;
  let lastTry = 0;
  return function connectSoon(): Promise<void> {
    if (connecting || Date.now() - lastTry < 1000) return Promise.resolve();
    connecting = true;
    lastTry = Date.now();
    return client
      .connect()
      .catch(() => {})
      .finally(() => {
        connecting = false;
      });
  };
}
