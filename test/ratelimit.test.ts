import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { testApp } from "./support/app.ts";
import { concurrently, get, startApp, type TestApp } from "./support/app.ts";
import { createTestKey } from "./support/keys.ts";

const POLICY = /^"(search|profile|availability)";q=\d+;w=60$/;
const REMAINING = /^"(search|profile|availability)";r=\d+;t=\d+$/;

describe("rate limits on the REST read API (spec defaults)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { LOG_LEVEL: "debug", RATE_LIMITS: "on" } });
  }, 60_000);
  afterAll(() => app.stop());

  it("lets 60 searches through and refuses the 61st, with 50 concurrent callers", async () => {
    const results = await concurrently(61, 50, () => get(app, "/api/agents/experts?limit=1"));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok.length).toBe(60);
    expect(refused.length).toBe(1);
    for (const r of results) {
      expect(r.headers.get("ratelimit-policy")).toBe('"search";q=60;w=60');
      expect(r.headers.get("ratelimit")).toMatch(REMAINING);
    }
    // every remaining count from 59 down to 0 was handed out exactly once
    const remaining = ok.map((r) => Number(/r=(\d+)/.exec(r.headers.get("ratelimit")!)![1])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const [no] = refused;
    const retryAfter = Number(no.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(no.headers.get("ratelimit")).toBe(`"search";r=0;t=${retryAfter}`);
    expect(no.headers.get("content-type")).toStartWith("application/problem+json");
    expect(no.body).toMatchObject({ status: 429, title: "Too Many Requests" });
    expect(no.body.detail).toContain("60 search requests per 60 seconds");
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toContain('rate_limit_rejections_total{budget="search"} 1');
  });

  it("gives a valid API key its own, larger budget while the address's is spent", async () => {
    expect((await get(app, "/api/agents/experts?limit=1")).status).toBe(429);
    const { key } = await createTestKey(app.sql);
    const res = await get(app, "/api/agents/experts?limit=1", { authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe('"search";q=300;w=60');
    expect(res.headers.get("ratelimit")).toMatch(/^"search";r=299;t=(59|60)$/);
  });

  it("keeps profile and availability on budgets of their own (120 a minute without a key)", async () => {
    const { body } = await get(app, "/api/agents/experts?limit=1", {
      authorization: `Bearer ${(await createTestKey(app.sql)).key}`,
    });
    const slug = body.experts[0]?.slug ?? "no-such-expert";
    const profile = await get(app, `/api/agents/experts/${slug}`);
    expect([200, 404]).toContain(profile.status);
    expect(profile.headers.get("ratelimit-policy")).toBe('"profile";q=120;w=60');
    expect(profile.headers.get("ratelimit")).toMatch(/^"profile";r=119;t=(59|60)$/);
    const availability = await get(app, `/api/agents/experts/${slug}/availability`);
    expect(availability.headers.get("ratelimit-policy")).toBe('"availability";q=120;w=60');
    expect(availability.headers.get("ratelimit")).toMatch(/^"availability";r=119;t=(59|60)$/);
  });

  it("puts the headers on errors of limited routes too, and lets browsers read them", async () => {
    const missing = await get(app, "/api/agents/experts/no-such-expert-here", { origin: "https://agent.example" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-policy")).toMatch(POLICY);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
    expect(missing.headers.get("access-control-expose-headers")).toContain("RateLimit-Policy");
    expect(missing.headers.get("access-control-expose-headers")).toContain("Retry-After");
  });

  it("ignores a forged X-Forwarded-For when TRUST_PROXY is not set", async () => {
    const seen = [];
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const res = await get(app, "/api/agents/experts/no-such-expert-here", { "x-forwarded-for": forged });
      seen.push(Number(/r=(\d+)/.exec(res.headers.get("ratelimit")!)![1]));
    }
    // one budget, counting down, whatever the header claims
    expect(seen).toEqual([seen[0], seen[0] - 1, seen[0] - 2]);
    const lines = app.logs.filter((l) => l.msg === "request");
    expect(lines.at(-1)!.client).toBe("127.0.0.1");
  });
});

describe("rate limits from the environment, behind a trusted proxy (TRUST_PROXY=1)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      env: {
        LOG_LEVEL: "debug",
        RATE_LIMITS: "on",
        RATE_LIMIT_SEARCH: "2,5",
        RATE_LIMIT_PROFILE: "3,4",
        RATE_LIMIT_AVAILABILITY: "1,2",
        TRUST_PROXY: "1",
      },
    });
  }, 60_000);
  afterAll(() => app.stop());

  it("uses RATE_LIMIT_SEARCH, RATE_LIMIT_PROFILE and RATE_LIMIT_AVAILABILITY", async () => {
    expect(
      (await get(app, "/api/agents/experts", { "x-forwarded-for": "192.0.2.50" })).headers.get("ratelimit-policy"),
    ).toBe('"search";q=2;w=60');
    expect((await get(app, "/api/agents/experts/x-y")).headers.get("ratelimit-policy")).toBe('"profile";q=3;w=60');
    expect((await get(app, "/api/agents/experts/x-y/availability")).headers.get("ratelimit-policy")).toBe(
      '"availability";q=1;w=60',
    );
    expect((await get(app, "/api/agents/experts/x-y/availability")).status).toBe(429);
  });

  it("refuses bad values at start with a message naming the variable", () => {
    const bad: [Record<string, string>, string][] = [
      [{ RATE_LIMIT_SEARCH: "60" }, "RATE_LIMIT_SEARCH"],
      [{ RATE_LIMIT_PROFILE: "0,10" }, "RATE_LIMIT_PROFILE"],
      [{ RATE_LIMIT_AVAILABILITY: "a,b" }, "RATE_LIMIT_AVAILABILITY"],
      [{ RATE_LIMITS: "maybe" }, "RATE_LIMITS"],
      [{ TRUST_PROXY: "proxy.internal" }, "TRUST_PROXY"],
      [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
      [{ REDIS_URL: "http://127.0.0.1:6379" }, "REDIS_URL"],
      [{ REDIS_PREFIX: "has space" }, "REDIS_PREFIX"],
      [{ SHUTDOWN_TIMEOUT: "soon" }, "SHUTDOWN_TIMEOUT"],
    ];
    for (const [env, name] of bad) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
    const good = loadConfig({
      RATE_LIMIT_SEARCH: " 10 , 20 ",
      TRUST_PROXY: "10.0.0.0/8, ::1",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(good.rateLimits.budgets.search).toEqual({ anonymous: 10, withKey: 20 });
    expect(good.rateLimits.budgets.profile).toEqual({ anonymous: 120, withKey: 600 });
    expect(good.rateLimits.budgets.availability).toEqual({ anonymous: 120, withKey: 600 });
    expect(good.trustProxy).toEqual({ proxies: ["10.0.0.0/8", "::1"] });
    expect(loadConfig({}).rateLimits.enabled).toBe(true);
    expect(loadConfig({ RATE_LIMITS: "off" }).rateLimits.enabled).toBe(false);
  });

  it("gives each forwarded client its own budget and logs its address", async () => {
    const a = { "x-forwarded-for": "203.0.113.9, 198.51.100.20" }; // a spoofed first entry, then what our proxy saw
    expect((await get(app, "/api/agents/experts", a)).status).toBe(200);
    expect((await get(app, "/api/agents/experts", a)).status).toBe(200);
    expect((await get(app, "/api/agents/experts", a)).status).toBe(429);
    // another client behind the same proxy
    expect((await get(app, "/api/agents/experts", { "x-forwarded-for": "198.51.100.21" })).status).toBe(200);
    // the spoofed entry is not believed: a different fake first entry is still 198.51.100.20
    expect((await get(app, "/api/agents/experts", { "x-forwarded-for": "192.0.2.1, 198.51.100.20" })).status).toBe(429);
    const clients = app.logs.filter((l) => l.msg === "request").map((l) => l.client);
    expect(clients).toContain("198.51.100.20");
    expect(clients).toContain("198.51.100.21");
    expect(clients).not.toContain("203.0.113.9");
  });
});

describe("RATE_LIMITS=off (the shared test app)", () => {
  beforeAll(() => testApp(), 60_000);

  it("never refuses and sends no rate-limit headers", async () => {
    const app = await testApp();
    const results = await concurrently(70, 20, () => get(app, "/api/agents/experts?limit=1"));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.some((r) => r.headers.has("ratelimit") || r.headers.has("ratelimit-policy"))).toBe(false);
  });
});
