import { RedisClient } from "bun";
import type { Logger } from "../log.ts";
import { CircuitBreaker } from "./circuit-breaker.ts";
import { type Hit, localStore, type WindowStore } from "./rate-limit-store.ts";
import { backgroundConnect } from "./redis-connect.ts";

// The sliding-window log as a Redis sorted set, in one atomic script so that concurrent
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
  /** Called when the circuit opens (true) or closes (false). */
  onCircuit?: (open: boolean) => void;
  /** Longest wait for Redis before deciding locally (default 250 ms). */
  timeoutMs?: number;
  /** Failures in a row that open the circuit (default 3), and how long it stays open (default 5 s). */
  circuit?: { failures: number; coolDownMs: number };
}

/**
 * Redis store shared by every instance, with three defences:
 * - a circuit breaker: after 3 failures (timeouts, errors) in a row Redis is skipped for 5 s and
 *   decisions are local at once; then one request probes it. Logged once per outage.
 * - a mirror: this instance's own allowed requests are also kept locally, and a request the mirror
 *   already refuses never reaches Redis. A Redis that restarts empty therefore cannot hand this
 *   instance a second budget (it once let 61 requests through a budget of 60).
 * - a replay: requests allowed locally while Redis was away are written into Redis when it is
 *   back (same member names, so a replay twice counts once), so other instances see them.
 */
export function redisStore(options: RedisStoreOptions): WindowStore {
  const mirror = localStore();
  const replay = new Map<string, { windowMs: number; entries: { at: number; member: string }[] }>();
  // Reconnecting is ours (connectSoon), not the client's, so no request ever queues behind it.
  const client = new RedisClient(options.url, {
    enableOfflineQueue: false,
    connectionTimeout: 2000,
    autoReconnect: false,
  });
  client.onclose = () => {};
  const instance = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  const breaker = new CircuitBreaker({
    failures: options.circuit?.failures ?? 3,
    coolDownMs: options.circuit?.coolDownMs ?? 5000,
    onChange(open) {
      options.onCircuit?.(open);
      if (open)
        options.log.warn(
          "rate limits: Redis unavailable, counting in this process only until it is back (circuit open)",
        );
      else options.log.info("rate limits: Redis is reachable again; budgets are shared again (circuit closed)");
    },
  });
  let sha: string | null = null;
  const connectSoon = backgroundConnect(client);
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

  async function withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: Timer | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("Redis did not answer in time")), options.timeoutMs ?? 250);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  function replayLocalDecisions() {
    const now = Date.now();
    for (const [key, pending] of replay) {
      replay.delete(key);
      const live = pending.entries.filter((e) => e.at > now - pending.windowMs);
      if (!live.length) continue;
      const args = live.flatMap((e) => [String(e.at), e.member]);
      void withTimeout(
        client
          .send("ZADD", [options.prefix + key, ...args])
          .then(() => client.send("PEXPIRE", [options.prefix + key, String(pending.windowMs)])),
      ).catch(() => {}); // best effort: this instance's mirror keeps its own count exact anyway
    }
  }

  function decideLocally(key: string, limit: number, windowMs: number, now: number, member: string): Promise<Hit> {
    options.onFallback();
    if (!client.connected) void connectSoon(); // so the probe after the cool-down finds it connected
    return mirror.hit(key, limit, windowMs, now).then((hit) => {
      if (hit.allowed) {
        const pending = replay.get(key) ?? { windowMs, entries: [] };
        pending.entries.push({ at: now, member });
        replay.set(key, pending);
      }
      return hit;
    });
  }

  return {
    ready: () => firstConnect,
    status: () => (breaker.open ? "local (Redis circuit open)" : "redis"),
    async hit(key, limit, windowMs, now) {
      const member = `${now}-${instance}-${++sequence}`;
      // This instance alone has used the budget: refused, whatever Redis remembers.
      const mine = mirror.peek(key, limit, windowMs, now);
      if (!mine.allowed) {
        if (breaker.open) options.onFallback(); // decided without Redis while it is away
        return mine;
      }
      if (!breaker.allow()) return decideLocally(key, limit, windowMs, now, member);
      let answer: [number, number, string];
      try {
        answer = await withTimeout(
          evalScript([options.prefix + key, String(now), String(windowMs), String(limit), member]),
        );
      } catch {
        breaker.failure();
        return decideLocally(key, limit, windowMs, now, member);
      }
      breaker.success();
      if (replay.size) replayLocalDecisions();
      const [allowed, count, expires] = answer;
      if (allowed === 1) await mirror.hit(key, limit, windowMs, now);
      return {
        allowed: allowed === 1,
        count: Math.max(Number(count), mine.count + allowed),
        oldestExpiresAt: Number(expires),
      };
    },
    close() {
      mirror.close();
      client.close();
    },
  };
}
