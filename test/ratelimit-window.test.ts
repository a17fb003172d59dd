import { afterAll, describe, expect, it } from "bun:test";
import { requireRedisInCi, skipRedisSuite, TEST_REDIS_URL, testRedisNamespace } from "./support/redis.ts";
import { parseTrustProxy } from "../src/config/proxy.ts";
import { clientIp } from "../src/http/client-ip.ts";
import { createRateLimiter, type RateLimitSettings } from "../src/http/rate-limit.ts";
import { redisStore } from "../src/http/rate-limit-redis.ts";
import { createLogger } from "../src/log.ts";

const settings: RateLimitSettings = {
  enabled: true,
  windowSeconds: 60,
  budgets: {
    search: { anonymous: 3, withKey: 5 },
    profile: { anonymous: 2, withKey: 4 },
    availability: { anonymous: 2, withKey: 4 },
    "mcp-session": { anonymous: 1, withKey: 1 },
  },
};
const silent = createLogger("silent");
const anon = { ip: "192.0.2.1", keyId: null };
const { prefix, cleanup } = testRedisNamespace();

afterAll(async () => {
  // Leave nothing behind in the shared Redis.
  await cleanup();
});

const stores = {
  "in-process": () => undefined,
  redis: () =>
    redisStore({
      url: TEST_REDIS_URL,
      prefix,
      log: silent,
      onFallback: () => {
        throw new Error("Redis failed in a test that needs it");
      },
      // The window's arithmetic is tested here, not Redis's speed: a busy machine may keep an
      // answer past 2 s (a local decision, thrown above); only an absent answer should fail.
      timeoutMs: 30_000,
    }),
};

requireRedisInCi(import.meta.file);

for (const [name, makeStore] of Object.entries(stores)) {
  // The in-process store needs nothing; only the Redis one may be skipped (never in CI).
  describe.skipIf(name === "redis" && skipRedisSuite)(`sliding window, ${name} store (injected clock)`, () => {
    it("frees each slot exactly one window after it was taken", async () => {
      let now = 1_000_000;
      const limiter = createRateLimiter({ settings, log: silent, now: () => now, store: makeStore() });
      await limiter.ready();
      const who = { ip: `192.0.2.${Math.floor(Math.random() * 200)}`, keyId: null };
      try {
        const taken = [];
        for (const at of [0, 10_000, 20_000]) {
          now = 1_000_000 + at;
          taken.push(await limiter.take("search", who));
        }
        expect(taken.map((d) => [d.allowed, d.remaining])).toEqual([
          [true, 2],
          [true, 1],
          [true, 0],
        ]);
        expect(taken[2].rateLimitHeader).toBe('"search";r=0;t=40'); // the first slot frees at 60 s

        now = 1_000_000 + 30_000;
        const refused = await limiter.take("search", who);
        expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30, limit: 3 });
        expect(refused.headers).toEqual({
          "ratelimit-policy": '"search";q=3;w=60',
          ratelimit: '"search";r=0;t=30',
          "retry-after": "30",
        });

        now = 1_000_000 + 59_999; // still inside the window of the first request
        expect((await limiter.take("search", who)).allowed).toBe(false);
        now = 1_000_000 + 60_001; // the first request has left the window: one slot, no more
        expect(await limiter.take("search", who)).toMatchObject({ allowed: true, remaining: 0 });
        now = 1_000_000 + 61_000;
        expect(await limiter.take("search", who)).toMatchObject({ allowed: false, retryAfterSeconds: 9 }); // 10 s + 60 s − 61 s
        now = 1_000_000 + 200_000; // long quiet: the whole budget is back
        expect(await limiter.take("search", who)).toMatchObject({ allowed: true, remaining: 2 });
      } finally {
        limiter.close();
      }
    });

    it("keeps a key's budget apart from its address's, and budgets apart from each other", async () => {
      const now = 5_000_000;
      const limiter = createRateLimiter({ settings, log: silent, now: () => now, store: makeStore() });
      await limiter.ready();
      const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
      try {
        for (let i = 0; i < 3; i++) expect((await limiter.take("search", { ip, keyId: null })).allowed).toBe(true);
        expect((await limiter.take("search", { ip, keyId: null })).allowed).toBe(false);
        const keyed = await limiter.take("search", { ip, keyId: crypto.randomUUID() });
        expect(keyed).toMatchObject({ allowed: true, limit: 5, remaining: 4, scope: "key" });
        expect((await limiter.take("profile", { ip, keyId: null })).allowed).toBe(true);
        expect(limiter.refusal("search", await limiter.take("search", { ip, keyId: null })).detail).toContain(
          "send a Bearer API key",
        );
      } finally {
        limiter.close();
      }
    });
  });
}

describe("the limiter", () => {
  it("is exact under concurrency: 50 callers at once get exactly the quota", async () => {
    const limiter = createRateLimiter({
      settings: { ...settings, budgets: { ...settings.budgets, search: { anonymous: 60, withKey: 300 } } },
      log: silent,
    });
    const decisions = await Promise.all(Array.from({ length: 61 }, () => limiter.take("search", anon)));
    expect(decisions.filter((d) => d.allowed).length).toBe(60);
    limiter.close();
  });

  it("counts an IPv6 /64 as one client", async () => {
    const limiter = createRateLimiter({ settings, log: silent });
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2:aaaa::9", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff"]) {
      expect((await limiter.take("search", { ip, keyId: null })).allowed).toBe(true);
    }
    expect((await limiter.take("search", { ip: "2001:db8:1:2::7", keyId: null })).allowed).toBe(false);
    expect((await limiter.take("search", { ip: "2001:db8:1:3::1", keyId: null })).allowed).toBe(true);
    limiter.close();
  });

  it("allows everything and sends no headers when RATE_LIMITS=off", async () => {
    const limiter = createRateLimiter({ settings: { ...settings, enabled: false }, log: silent });
    for (let i = 0; i < 10; i++)
      expect(await limiter.take("search", anon)).toMatchObject({ allowed: true, headers: {}, policyHeader: null });
    limiter.close();
  });

  it("keeps serving from its local store when Redis is unreachable, and says so in log and metrics", async () => {
    const lines: string[] = [];
    let fallbacks = 0;
    const limiter = createRateLimiter({
      settings,
      log: createLogger("info", (l) => void lines.push(l)),
      redisUrl: "redis://127.0.0.1:1",
      redisPrefix: prefix,
      onFallback: () => fallbacks++,
    });
    await limiter.ready();
    try {
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.take("search", anon));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]); // still limited, locally
      expect(fallbacks).toBe(4);
      const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === "warn");
      expect(warnings.length).toBe(1); // once when it starts, not once per request
      expect(warnings[0].msg).toContain("Redis unavailable");
    } finally {
      limiter.close();
    }
  });
});

describe("client address", () => {
  const server = (address: string) => ({ requestIP: () => ({ address }) });
  const req = (xff?: string) => new Request("http://x/", { headers: xff ? { "x-forwarded-for": xff } : {} });

  it("is the socket peer without TRUST_PROXY, whatever X-Forwarded-For says", () => {
    expect(clientIp(req("1.2.3.4"), server("10.0.0.5"), null)).toBe("10.0.0.5");
    expect(clientIp(req(), server("::ffff:10.0.0.5"), null)).toBe("10.0.0.5");
  });

  it("walks back the given number of hops", () => {
    expect(clientIp(req("203.0.113.1, 198.51.100.2"), server("10.0.0.5"), { hops: 1 })).toBe("198.51.100.2");
    expect(clientIp(req("203.0.113.1, 198.51.100.2"), server("10.0.0.5"), { hops: 2 })).toBe("203.0.113.1");
    expect(clientIp(req("198.51.100.2"), server("10.0.0.5"), { hops: 5 })).toBe("198.51.100.2"); // fewer entries than hops
    expect(clientIp(req(), server("10.0.0.5"), { hops: 1 })).toBe("10.0.0.5");
    expect(clientIp(req("not-an-ip, 198.51.100.2"), server("10.0.0.5"), { hops: 2 })).toBe("198.51.100.2"); // junk stops the walk
  });

  it("skips only listed proxies", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 2001:db8::1");
    expect(clientIp(req("203.0.113.1, 10.1.1.1"), server("10.0.0.5"), trust)).toBe("203.0.113.1");
    expect(clientIp(req("203.0.113.1, 198.51.100.9"), server("10.0.0.5"), trust)).toBe("198.51.100.9"); // an untrusted hop ends the walk
    expect(clientIp(req("203.0.113.1"), server("192.0.2.7"), trust)).toBe("192.0.2.7"); // the peer is not a proxy of ours
    expect(clientIp(req("203.0.113.1"), server("2001:db8::1"), trust)).toBe("203.0.113.1");
  });

  it("parses TRUST_PROXY", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy("")).toBeNull();
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(() => parseTrustProxy("10.0.0.1/40")).toThrow("10.0.0.1/40");
    expect(() => parseTrustProxy("lb.internal")).toThrow("lb.internal");
  });
});
