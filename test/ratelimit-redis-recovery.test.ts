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
      settings: { enabled: true, windowSeconds: 60, budgets: { search: { anonymous: 1000, withKey: 1000 }, profile: { anonymous: 1, withKey: 1 }, availability: { anonymous: 1, withKey: 1 }, "mcp-session": { anonymous: 1, withKey: 1 } } },
      log: createLogger("info", (l) => void lines.push(JSON.parse(l))),
      redisUrl: proxy.url,
      redisPrefix: prefix,
      onFallback: () => fallbacks++,
      circuit: { failures: 3, coolDownMs: 300 },
    });
    const who = { ip: "192.0.2.44", keyId: null };
    try {
      await limiter.ready();
      expect((await limiter.take("search", who)).remaining).toBe(999);
      expect(fallbacks).toBe(0);
      expect(await redis.send("ZCARD", [`${prefix}rl:search:ip:192.0.2.44`])).toBe(1);

      proxy.down();
      for (let i = 0; i < 3; i++) expect((await limiter.take("search", who)).allowed).toBe(true); // still serving
      expect(fallbacks).toBe(3);
      expect(lines.filter((l) => l.level === "warn" && l.msg.includes("Redis unavailable")).length).toBe(1);

      proxy.up();
      let decided = 0;
      for (let i = 0; i < 100; i++) {
        const before = fallbacks;
        await limiter.take("search", who);
        if (fallbacks === before) break; // decided by Redis again
        decided++;
        await Bun.sleep(50);
      }
      expect(decided).toBeLessThan(100);
      expect(lines.some((l) => l.level === "info" && l.msg.includes("Redis is reachable again"))).toBe(true);
      // the first, the ones decided locally meanwhile (written back on recovery), and this one
      await Bun.sleep(100);
      expect(await redis.send("ZCARD", [`${prefix}rl:search:ip:192.0.2.44`])).toBe(1 + fallbacks + 1);
    } finally {
      limiter.close();
      proxy.down();
    }
  });
});
