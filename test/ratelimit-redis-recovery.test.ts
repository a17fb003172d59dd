import { afterAll, describe, expect, it } from "bun:test";
import { relay } from "./support/redis-relay.ts";
import { requireRedisInCi, skipRedisSuite, testRedisNamespace } from "./support/redis.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { createLogger } from "../src/log.ts";

const { prefix, redis, cleanup } = testRedisNamespace();
afterAll(cleanup);

requireRedisInCi(import.meta.file);

describe.skipIf(skipRedisSuite)("when Redis goes away and comes back", () => {
  it("falls back to the local store, says so once, and shares budgets again when Redis returns", async () => {
    const proxy = relay(6379);
    const lines: Record<string, any>[] = [];
    let fallbacks = 0;
    const limiter = createRateLimiter({
      settings: {
        enabled: true,
        windowSeconds: 60,
        budgets: {
          search: { anonymous: 1000, withKey: 1000 },
          profile: { anonymous: 1, withKey: 1 },
          availability: { anonymous: 1, withKey: 1 },
          "mcp-session": { anonymous: 1, withKey: 1 },
        },
      },
      log: createLogger("info", (l) => void lines.push(JSON.parse(l))),
      redisUrl: proxy.url,
      redisPrefix: prefix,
      onFallback: () => fallbacks++,
      circuit: { failures: 3, coolDownMs: 300 },
    });
    const who = { ip: "192.0.2.44", keyId: null };
    const key = `${prefix}rl:search:ip:192.0.2.44`;
    // Every request is counted in Redis once in the end: decided there, or decided locally and
    // written back on recovery. What is asserted is what happened, never how fast (a loaded
    // machine may see Redis miss its 250 ms now and then: a local decision, counted as such).
    let takes = 0;
    const take = () => {
      takes++;
      return limiter.take("search", who);
    };
    try {
      await limiter.ready();
      expect((await take()).allowed).toBe(true);
      if (fallbacks === 0) expect(await redis.send("ZCARD", [key])).toBe(1);

      proxy.down();
      const before = fallbacks;
      for (let i = 0; i < 3; i++) expect((await take()).allowed).toBe(true); // still serving
      expect(fallbacks).toBe(before + 3);
      expect(lines.filter((l) => l.level === "warn" && l.msg.includes("Redis unavailable")).length).toBe(1);

      proxy.up();
      let decidedByRedis = false;
      for (let i = 0; i < 300 && !decidedByRedis; i++) {
        const before = fallbacks;
        await take();
        decidedByRedis = fallbacks === before;
        if (!decidedByRedis) await Bun.sleep(50);
      }
      expect(decidedByRedis).toBe(true);
      expect(lines.some((l) => l.level === "info" && l.msg.includes("Redis is reachable again"))).toBe(true);
      // The write-back runs in the background: eventually every request is in Redis, once.
      for (let i = 0; i < 300 && Number(await redis.send("ZCARD", [key])) < takes; i++) await Bun.sleep(20);
      expect(await redis.send("ZCARD", [key])).toBe(takes);
    } finally {
      limiter.close();
      proxy.down();
    }
  });
});
