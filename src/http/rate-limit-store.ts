import { RedisClient } from "bun";
import type { Logger } from "../log.ts";

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
  /** Settles when the store has tried to reach its backend once (never rejects). */
  ready(): Promise<void>;
  close(): void;
}

/**
 * Sliding-window log in process memory: the times of the requests of the last window, per key.
 * Exact (never more than `limit` in any window) and at most `limit` numbers per key; keys whose
 * window has emptied are swept once a minute.
 */
export function localStore(): WindowStore {
  const windows = new Map<string, { times: number[]; windowMs: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (!w.times.length || w.times[w.times.length - 1] <= now - w.windowMs) windows.delete(key);
  }, 60_000);
  sweep.unref?.();
  return {
    async hit(key, limit, windowMs, now) {
      let w = windows.get(key);
      if (!w) windows.set(key, (w = { times: [], windowMs }));
      const cutoff = now - windowMs;
      let drop = 0;
      while (drop < w.times.length && w.times[drop] <= cutoff) drop++;
      if (drop) w.times.splice(0, drop);
      const allowed = w.times.length < limit;
      if (allowed) w.times.push(now);
      return { allowed, count: w.times.length, oldestExpiresAt: (w.times[0] ?? now) + (w.times.length ? windowMs : 0) };
    },
    ready: () => Promise.resolve(),
    close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

// The same sliding-window log as a Redis sorted set, in one atomic script so that concurrent
// instances can never both take the last slot. Members are unique per request.
const SCRIPT = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local expires = now
if oldest[2] then expires = tonumber(oldest[2]) + window end
return {allowed, count, tostring(expires)}`;

let sequence = 0;

export interface RedisStoreOptions {
  url: string;
  prefix: string;
  log: Logger;
  /** Called each time a decision falls back to the local store. */
  onFallback: () => void;
  /** Longest wait for Redis before deciding locally (default 250 ms). */
  timeoutMs?: number;
}

/**
 * Redis store shared by every instance; when Redis fails or is slow the decision is taken by a
 * local store instead, so the service keeps serving. It logs when that starts and when Redis is
 * back (not once per request) and counts every fallback.
 */
export function redisStore(options: RedisStoreOptions): WindowStore {
  const fallback = localStore();
  // Reconnecting is ours (connectSoon), not the client's, so no request ever queues behind it.
  const client = new RedisClient(options.url, { enableOfflineQueue: false, connectionTimeout: 2000, autoReconnect: false });
  client.onclose = () => {};
  const instance = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  let sha: string | null = null;
  let degraded = false;
  let connecting = false;
  let lastConnectTry = 0;
  // Connecting happens in the background: a request never waits for it. While Redis is away,
  // at most one attempt a second, and requests in between are decided locally at once.
  function connectSoon(): Promise<void> {
    if (connecting || Date.now() - lastConnectTry < 1000) return Promise.resolve();
    connecting = true;
    lastConnectTry = Date.now();
    return client
      .connect()
      .catch(() => {})
      .finally(() => {
        connecting = false;
      });
  }
  const firstConnect = connectSoon();

  async function evalScript(args: string[]): Promise<[number, number, string]> {
    if (!client.connected) {
      connectSoon();
      throw new Error("Redis is not connected");
    }
    if (sha) {
      try {
        return await client.send("EVALSHA", [sha, "1", ...args]);
      } catch (error) {
        if (!String((error as Error).message).includes("NOSCRIPT")) throw error;
      }
    }
    sha = await client.send("SCRIPT", ["LOAD", SCRIPT]);
    return await client.send("EVALSHA", [sha!, "1", ...args]);
  }

  return {
    ready: () => firstConnect,
    async hit(key, limit, windowMs, now) {
      const member = `${now}-${instance}-${++sequence}`;
      let timer: Timer | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("Redis did not answer in time")), options.timeoutMs ?? 250);
        });
        const [allowed, count, expires] = await Promise.race([
          evalScript([options.prefix + key, String(now), String(windowMs), String(limit), member]),
          timeout,
        ]);
        if (degraded) {
          degraded = false;
          options.log.info("rate limits: Redis is reachable again; budgets are shared again");
        }
        return { allowed: allowed === 1, count: Number(count), oldestExpiresAt: Number(expires) };
      } catch (error) {
        options.onFallback();
        if (!degraded) {
          degraded = true;
          options.log.warn("rate limits: Redis unavailable, counting in this process only until it is back", {
            error: String((error as Error)?.message ?? error),
          });
        }
        return fallback.hit(key, limit, windowMs, now);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      fallback.close();
      client.close();
    },
  };
}
