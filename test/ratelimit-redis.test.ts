import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { concurrently, get, startApp, type TestApp } from "./support/app.ts";
import { requireRedisInCi, skipRedisSuite, TEST_REDIS_URL as REDIS_URL, testRedisNamespace } from "./support/redis.ts";

// Two instances of the app on one Redis (127.0.0.1:6379), as behind a load balancer. A prefix of
// this run's own keeps parallel runs apart; afterAll deletes every key it made.
const { prefix, redis, cleanup } = testRedisNamespace();

requireRedisInCi(import.meta.file);

describe.skipIf(skipRedisSuite)("two instances sharing one Redis", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { LOG_LEVEL: "debug", RATE_LIMITS: "on", REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_PROFILE: "10,20" };
    [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    expect(await cleanup()).toBe(0);
  });

  it("share one budget: 60 searches pass across both and the 61st fails, with 50 concurrent callers", async () => {
    const results = await concurrently(61, 50, (i) => get(i % 2 ? a : b, "/api/agents/experts?limit=1"));
    expect(results.filter((r) => r.status === 200).length).toBe(60);
    expect(results.filter((r) => r.status === 429).length).toBe(1);
    // both instances answered, and both now refuse this address
    expect((await get(a, "/api/agents/experts?limit=1")).status).toBe(429);
    expect((await get(b, "/api/agents/experts?limit=1")).status).toBe(429);
    const keys: string[] = await redis.send("KEYS", [`${prefix}*`]);
    expect(keys).toEqual([`${prefix}rl:search:ip:127.0.0.1`]);
  });

  it("count each instance's requests against the other's, alternating", async () => {
    const seen = [];
    for (let i = 0; i < 12; i++) {
      const res = await get(i % 2 ? a : b, "/api/agents/experts/no-such-expert-here");
      seen.push(res.status === 429 ? "429" : /r=(\d+)/.exec(res.headers.get("ratelimit")!)![1]);
    }
    expect(seen).toEqual(["9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "429", "429"]);
  });

  it("never fell back to the local store", async () => {
    for (const app of [a, b]) {
      const metrics = await (await fetch(`${app.url}/metrics`)).text();
      expect(metrics).toContain("rate_limit_store_fallbacks_total 0");
      expect(app.logs.some((l) => String(l.msg).includes("Redis unavailable"))).toBe(false);
    }
  });
});
