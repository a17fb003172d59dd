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
    settings: {
      enabled: true,
      windowSeconds: 60,
      budgets: {
        search: { anonymous: 60, withKey: 60 },
        profile: { anonymous: 1000, withKey: 1000 },
        availability: { anonymous: 1, withKey: 1 },
        "mcp-session": { anonymous: 1, withKey: 1 },
      },
    },
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

/**
 * Takes until Redis itself decided one (a loaded machine may time out on it first): a success
 * resets the breaker's count of failures in a row, so the test starts from a known state.
 */
async function untilRedisDecides(l: ReturnType<typeof limiter>, who: { ip: string; keyId: null }) {
  for (let i = 0; i < 100; i++) {
    const before = l.fallbacks();
    await l.l.take("profile", who);
    if (l.fallbacks() === before) return;
  }
  throw new Error("Redis never decided");
}

requireRedisInCi(import.meta.file);

describe.skipIf(skipRedisSuite)("the Redis circuit breaker", () => {
  // What happened, never how fast (the machine may be loaded): the relay counts what reached
  // Redis, the limiter counts its local decisions.
  it("after 3 timeouts skips Redis for the cool-down: decides locally without asking it, and logs once", async () => {
    const proxy = relay(6379);
    const made = limiter(proxy.url, { circuit: { failures: 3, coolDownMs: 600_000 } });
    const { l, lines, circuit, fallbacks } = made;
    const who = { ip: "192.0.2.61", keyId: null };
    try {
      await l.ready();
      await untilRedisDecides(made, who);
      expect(l.storeStatus()).toBe("redis");
      proxy.freeze(); // connected, but no answer ever comes
      for (let i = 0; i < 3; i++) {
        const [asked, before] = [proxy.received(), fallbacks()];
        expect((await l.take("profile", who)).allowed).toBe(true);
        expect(proxy.received()).toBeGreaterThan(asked); // it asked Redis…
        expect(fallbacks()).toBe(before + 1); // …and, no answer coming, decided locally
      }
      expect(circuit).toEqual([true]);
      expect(l.storeStatus()).toBe("local (Redis circuit open)");
      const [asked, before] = [proxy.received(), fallbacks()];
      for (let i = 0; i < 50; i++) expect((await l.take("profile", who)).allowed).toBe(true);
      expect(proxy.received()).toBe(asked); // 50 decisions without a word to Redis
      expect(fallbacks()).toBe(before + 50);
      expect(lines.filter((x) => x.level === "warn").length).toBe(1);
    } finally {
      l.close();
      proxy.down();
    }
  }, 30_000);

  it("probes a hung Redis after the cool-down and closes the circuit once it answers, logging each change once", async () => {
    const proxy = relay(6379);
    const made = limiter(proxy.url, { circuit: { failures: 3, coolDownMs: 300 } });
    const { l, lines, circuit } = made;
    const who = { ip: "192.0.2.64", keyId: null };
    try {
      await l.ready();
      await untilRedisDecides(made, who);
      proxy.freeze();
      for (let i = 0; i < 3; i++) expect((await l.take("profile", who)).allowed).toBe(true);
      expect(circuit).toEqual([true]);
      proxy.thaw();
      proxy.down(); // drop the hung connection; the store reconnects in the background
      proxy.up();
      // Eventually (a probe per cool-down): however many probes a loaded machine needs.
      for (let i = 0; i < 300 && l.storeStatus() !== "redis"; i++) {
        await Bun.sleep(100);
        await l.take("profile", who);
      }
      expect(l.storeStatus()).toBe("redis");
      expect(circuit).toEqual([true, false]);
      expect(lines.filter((x) => x.level === "warn").length).toBe(1);
      expect(lines.filter((x) => x.level === "info" && x.msg.includes("circuit closed")).length).toBe(1);
    } finally {
      l.close();
      proxy.down();
    }
  }, 60_000);

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
    const key = `${prefix}rl:search:ip:192.0.2.63`;
    const inRedis = async () => Number(await redis.send("ZCARD", [key]));
    try {
      await a.l.ready();
      await b.l.ready();
      proxy.down();
      let allowedOnA = 0;
      for (let i = 0; i < 20; i++) {
        expect((await a.l.take("search", who)).allowed).toBe(true); // local decisions
        allowedOnA++;
      }
      proxy.up();
      for (let i = 0; i < 300 && a.l.storeStatus() !== "redis"; i++) {
        await Bun.sleep(100);
        if ((await a.l.take("search", who)).allowed) allowedOnA++;
      }
      expect(a.l.storeStatus()).toBe("redis");
      // The write-back runs in the background: eventually every request A allowed is in Redis.
      for (let i = 0; i < 300 && (await inRedis()) < allowedOnA; i++) await Bun.sleep(20);
      expect(await inRedis()).toBe(allowedOnA);
      let allowedOnB = 0;
      for (let i = 0; i < 60; i++) if ((await b.l.take("search", who)).allowed) allowedOnB++;
      if (b.fallbacks() === 0) {
        // B asked Redis every time: it saw A's requests and allowed only the rest of the budget.
        expect(allowedOnB).toBe(60 - allowedOnA);
        expect(await inRedis()).toBe(60);
      } else {
        // Redis slower than B's timeout (a loaded machine): those decisions were B's own.
        expect(allowedOnB).toBeLessThanOrEqual(60 - allowedOnA + b.fallbacks());
      }
    } finally {
      a.l.close();
      b.l.close();
      proxy.down();
    }
  }, 60_000);
});
