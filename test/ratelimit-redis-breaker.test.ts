import { afterAll, describe, expect, it } from "bun:test";
import { createRateLimiter, type RateLimiterOptions } from "../src/http/rate-limit.ts";
import { createLogger } from "../src/log.ts";
import { relay } from "./support/redis-relay.ts";
import { requireRedisInCi, skipRedisSuite, TEST_REDIS_URL, testRedisNamespace } from "./support/redis.ts";

// Issue 11, item 6: a hung Redis must not slow every request, and a Redis that loses its data
// (a restart) must not hand out a second budget.
const { prefix, redis, cleanup } = testRedisNamespace();
afterAll(cleanup);

function limiter(url: string, opts: Partial<RateLimiterOptions> = {}) {
  const lines: Record<string, any>[] = [];
  const circuit: boolean[] = [];
  let fallbacks = 0;
  const l = createRateLimiter({
    settings: { enabled: true, windowSeconds: 60, budgets: { search: { anonymous: 60, withKey: 60 }, profile: { anonymous: 1000, withKey: 1000 }, availability: { anonymous: 1, withKey: 1 }, "mcp-session": { anonymous: 1, withKey: 1 } } },
    log: createLogger("info", (line) => void lines.push(JSON.parse(line))),
    redisUrl: url,
    redisPrefix: prefix,
    onFallback: () => fallbacks++,
    onCircuit: (open) => circuit.push(open),
    circuit: { failures: 3, coolDownMs: 1000 },
    ...opts,
  });
  return { l, lines, circuit, fallbacks: () => fallbacks };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

requireRedisInCi(import.meta.file);

describe.skipIf(skipRedisSuite)("the Redis circuit breaker", () => {
  it("after 3 timeouts decides locally at once for the cool-down, logs once, and closes when Redis answers", async () => {
    const proxy = relay(6379);
    const { l, lines, circuit, fallbacks } = limiter(proxy.url);
    const who = { ip: "192.0.2.61", keyId: null };
    try {
      await l.ready();
      expect((await l.take("profile", who)).allowed).toBe(true);
      expect(l.storeStatus()).toBe("redis");
      proxy.freeze(); // connected, but no answer ever comes
      for (let i = 0; i < 3; i++) {
        const [decision, ms] = await timed(() => l.take("profile", who));
        expect(decision.allowed).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(200); // each waited for the 250 ms timeout
      }
      expect(circuit).toEqual([true]);
      expect(l.storeStatus()).toBe("local (Redis circuit open)");
      const [, ms] = await timed(async () => {
        for (let i = 0; i < 50; i++) expect((await l.take("profile", who)).allowed).toBe(true);
      });
      expect(ms).toBeLessThan(200); // 50 decisions without waiting for Redis
      expect(fallbacks()).toBe(53);
      expect(lines.filter((x) => x.level === "warn").length).toBe(1);

      proxy.thaw();
      proxy.down(); // drop the hung connection; the store reconnects in the background
      proxy.up();
      let closed = false;
      for (let i = 0; i < 60 && !closed; i++) {
        await Bun.sleep(100);
        await l.take("profile", who);
        closed = l.storeStatus() === "redis";
      }
      expect(closed).toBe(true);
      expect(circuit).toEqual([true, false]);
      expect(lines.filter((x) => x.level === "warn").length).toBe(1);
      expect(lines.filter((x) => x.level === "info" && x.msg.includes("circuit closed")).length).toBe(1);
    } finally {
      l.close();
      proxy.down();
    }
  }, 30_000);

  it("keeps the budget exact when Redis loses its data: 60 pass in all, never 61", async () => {
    const { l } = limiter(TEST_REDIS_URL);
    const who = { ip: "192.0.2.62", keyId: null };
    try {
      await l.ready();
      let allowed = 0;
      for (let i = 0; i < 30; i++) if ((await l.take("search", who)).allowed) allowed++;
      await redis.send("DEL", [`${prefix}rl:search:ip:192.0.2.62`]); // a restart without persistence
      for (let i = 0; i < 40; i++) if ((await l.take("search", who)).allowed) allowed++;
      expect(allowed).toBe(60);
    } finally {
      l.close();
    }
  });

  it("writes the requests it allowed while Redis was away back into Redis, so other instances count them", async () => {
    const proxy = relay(6379);
    const a = limiter(proxy.url, { circuit: { failures: 1, coolDownMs: 200 } });
    const b = limiter(TEST_REDIS_URL);
    const who = { ip: "192.0.2.63", keyId: null };
    try {
      await a.l.ready();
      await b.l.ready();
      proxy.down();
      for (let i = 0; i < 20; i++) expect((await a.l.take("search", who)).allowed).toBe(true); // local decisions
      proxy.up();
      for (let i = 0; i < 40 && a.l.storeStatus() !== "redis"; i++) {
        await Bun.sleep(100);
        await a.l.take("search", who);
      }
      expect(a.l.storeStatus()).toBe("redis");
      await Bun.sleep(200); // the write-back is in the background
      let allowedOnB = 0;
      for (let i = 0; i < 60; i++) if ((await b.l.take("search", who)).allowed) allowedOnB++;
      const [{ count }] = [{ count: Number(await redis.send("ZCARD", [`${prefix}rl:search:ip:192.0.2.63`])) }];
      expect(count).toBe(60);
      expect(allowedOnB).toBeLessThanOrEqual(60 - 20);
    } finally {
      a.l.close();
      b.l.close();
      proxy.down();
    }
  }, 30_000);
});
