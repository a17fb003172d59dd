import { RedisClient } from "bun";
import { CircuitBreaker } from "../http/circuit-breaker.ts";
import type { Logger } from "../log.ts";
import { type Attempt, type AttemptStore, refusedAttempt } from "./attempt-store.ts";
import { backgroundConnect } from "../http/redis-connect.ts";

// A fixed window as a counter that expires with it, checked and counted in one script so that
// concurrent processes can never both take the last attempt. Answers {allowed, ms left}.
const TAKE = `
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local count = tonumber(redis.call('GET', KEYS[1]))
if not count then
  redis.call('SET', KEYS[1], 1, 'PX', window)
  return {1, window}
end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], window); left = window end
if count >= limit then return {0, left} end
redis.call('INCR', KEYS[1])
return {1, left}`;

// A success gives its attempt back; DECR keeps the key's expiry.
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisAttemptsOptions {
  url: string;
  /** Prefix of every key (REDIS_PREFIX + "login:"). */
  prefix: string;
  log: Logger;
  /** Where attempts are counted while Redis is away: the database every instance shares. */
  fallback: AttemptStore;
  /** Called each time an attempt was counted by the fallback because Redis failed (metrics). */
  onFallback?: () => void;
  /** Longest wait for Redis before counting in the fallback (default 1 s: a log-in is slow anyway). */
  timeoutMs?: number;
  /** Failures in a row that open the circuit (default 3), and how long it stays open (default 5 s). */
  circuit?: { failures: number; coolDownMs: number };
}

/**
 * Log-in attempts counted in Redis, shared by every process on it (the same Redis as the rate
 * limits). If Redis fails (an error, no answer within the timeout, the circuit open), the attempt
 * is counted in the fallback store (PostgreSQL), which every instance shares too: the limit holds
 * across processes during an outage, on a count that starts again from the database's.
 */
export function redisAttempts(options: RedisAttemptsOptions): AttemptStore {
  // Reconnecting is ours (connectSoon), not the client's, so no log-in ever queues behind it.
  const client = new RedisClient(options.url, {
    enableOfflineQueue: false,
    connectionTimeout: 2000,
    autoReconnect: false,
  });
  client.onclose = () => {};
  const breaker = new CircuitBreaker({
    failures: options.circuit?.failures ?? 3,
    coolDownMs: options.circuit?.coolDownMs ?? 5000,
    onChange(open) {
      if (open)
        options.log.warn(
          "login throttle: Redis unavailable, counting attempts in the database until it is back (circuit open)",
        );
      else
        options.log.info("login throttle: Redis is reachable again; attempts are counted there again (circuit closed)");
    },
  });
  const connectSoon = backgroundConnect(client);
  const firstConnect = connectSoon();

  async function run(script: string, key: string, args: string[]): Promise<[number, number]> {
    if (!client.connected) {
      void connectSoon();
      throw new Error("Redis is not connected");
    }
    let timer: Timer | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("Redis did not answer in time")), options.timeoutMs ?? 1000);
    });
    try {
      return await Promise.race([client.send("EVAL", [script, "1", key, ...args]), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  function countInFallback(
    scope: string,
    key: string,
    limit: number,
    windowMs: number,
    reason: string,
  ): Promise<Attempt> {
    options.onFallback?.();
    options.log.debug("login throttle: attempt counted in the database instead of Redis", { reason });
    return options.fallback.take(scope, key, limit, windowMs);
  }

  return {
    async take(scope, key, limit, windowMs) {
      if (!breaker.allow()) return countInFallback(scope, key, limit, windowMs, "circuit open");
      const redisKey = `${options.prefix}${scope}:${key}`;
      let answer: [number, number];
      try {
        answer = await run(TAKE, redisKey, [String(limit), String(windowMs)]);
      } catch (error) {
        breaker.failure();
        return countInFallback(scope, key, limit, windowMs, (error as Error).message);
      }
      breaker.success();
      const [allowed, leftMs] = answer;
      if (allowed !== 1) return refusedAttempt(Math.ceil(Number(leftMs) / 1000));
      return {
        retryAfterSeconds: 0,
        // Best effort: a refund lost to an outage only makes the limit stricter for one window.
        refund: () =>
          run(REFUND, redisKey, []).then(
            () => {},
            () => {},
          ),
      };
    },
    status: () => (breaker.open ? "postgres (Redis circuit open)" : "redis"),
    ready: () => firstConnect,
    close() {
      client.close();
      options.fallback.close();
    },
  };
}
