import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createLogger } from "../src/log.ts";
import { HTML_CSP } from "../src/http/security-headers.ts";
import { expectContractResponse } from "./support/contract.ts";
import { holdExpertsTable } from "./support/table-lock.ts";
import { get, startApp, type TestApp } from "./support/app.ts";
import { createTestKey } from "./support/keys.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: "debug", RATE_LIMITS: "on" } });
}, 60_000);
afterAll(() => app.stop()); // a no-op when the shutdown test below already stopped it

describe("health and metrics", () => {
  it("answers /healthz and /readyz while the database is up", async () => {
    const health = await get(app, "/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    const ready = await get(app, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", database: "ok", rate_limit_store: "local" });
  });

  it("exports Prometheus text: requests, latency, rate limits, e-mail, outbox, MCP sessions, database pool", async () => {
    await get(app, "/api/agents/experts?limit=1");
    await get(app, "/api/agents/experts/no-such-expert-here");
    await get(app, "/no/such/page");
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const text = await res.text();
    expect(text).toContain('http_requests_total{method="GET",route="/api/agents/experts/",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/agents/experts/:slug",status="404"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/agents\/experts\/"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/agents\/experts\/"\} 1$/m);
    for (const name of [
      "rate_limit_rejections_total",
      "rate_limit_store_fallbacks_total",
      "email_sends_total",
      "outbox_depth",
      "mcp_sessions_open",
      "db_pool_max",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('email_sends_total{result="failed"} 0');
    expect(text).toMatch(/^outbox_depth \d+$/m);
    expect(text).toMatch(/^mcp_sessions_open \d+$/m);
    expect(text).toMatch(/^db_pool_max \d+$/m);
    if (app.server.db.kind === "server") {
      expect(text).toMatch(/^db_pool_max 10$/m);
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="active"\} \d+$/m);
    } else {
      expect(text).toMatch(/^db_pool_max 1$/m); // the embedded database is one session
    }
    // prom-client's process metrics come with the app's own
    for (const name of ["process_cpu_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds"]) {
      expect(text).toMatch(new RegExp(`^${name} [0-9.e+-]+$`, "m"));
    }
    // every sample line is "name{labels} value" (a float, NaN or ±Inf); blank lines are allowed
    for (const line of text
      .trim()
      .split("\n")
      .filter((l) => l !== "" && !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.]+(e[+-]?[0-9]+)?|[+-]Inf|NaN)$/i);
    }
  });
});

describe("request ids and logs", () => {
  it("puts an X-Request-Id on every response, keeping a sane incoming one", async () => {
    const kept = await fetch(`${app.url}/api/agents/experts?limit=1`, { headers: { "x-request-id": "lb-7f3a.1_x" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.1_x");
    for (const insane of ["x".repeat(65), "has space", "semi;colon", "ünï"]) {
      const res = await fetch(`${app.url}/healthz`, {
        headers: { "x-request-id": encodeURI(insane) === insane ? insane : encodeURI(insane) },
      });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const path of ["/no/such/page", "/api/docs", "/metrics"]) {
      expect((await fetch(`${app.url}${path}`)).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const line = await app.waitForLog((l) => l.msg === "request" && l.request_id === "lb-7f3a.1_x");
    expect(line.route).toBe("/api/agents/experts/");
  });

  it("writes one JSON line per request with time, request id, method, route, status, duration and client", async () => {
    const res = await fetch(`${app.url}/api/agents/experts/no-such-expert-here?locale=de`, {
      headers: { "x-request-id": "one-line-test" },
    });
    expect(res.status).toBe(404);
    const line = await app.waitForLog((l) => l.request_id === "one-line-test");
    expect(app.logs.filter((l) => l.request_id === "one-line-test").length).toBe(1);
    expect(Object.keys(line).sort()).toEqual([
      "client",
      "duration_ms",
      "level",
      "method",
      "msg",
      "request_id",
      "route",
      "status",
      "time",
    ]);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "/api/agents/experts/:slug",
      status: 404,
      client: "127.0.0.1",
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(typeof line.duration_ms).toBe("number");
  });

  it("never writes a secret to the log: keys, cookies, passwords, query strings", async () => {
    const { key } = await createTestKey(app.sql);
    const secrets = {
      key,
      badKey: "edk_live_ThisIsNotARealKeyButLooksLikeOne000000",
      cookie: "sessionSecretValue9f8e7d6c5b4a",
      password: "Tr0ub4dor&3-very-secret",
      query: "private-query-9d8c7b",
      basic: Buffer.from("user:basicSecretPw").toString("base64"),
    };
    await fetch(`${app.url}/api/agents/experts?q=${secrets.query}&limit=1`, {
      headers: { authorization: `Bearer ${secrets.key}` },
    });
    await fetch(`${app.url}/api/agents/experts/nobody?token=${secrets.query}`, {
      headers: { authorization: `Bearer ${secrets.badKey}` },
    });
    await fetch(`${app.url}/api/agents/experts`, { headers: { authorization: `Basic ${secrets.basic}` } });
    await fetch(`${app.url}/api/auth/me`, { headers: { cookie: `ed_session=${secrets.cookie}` } });
    await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: "nobody@example.com", password: secrets.password }),
    });
    await fetch(`${app.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: "new-ops@example.com", password: secrets.password }),
    });
    await fetch(`${app.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secrets.key}` },
      body: JSON.stringify({
        expert_slug: "nobody",
        requester_name: "A",
        requester_email: "a@example.com",
        message: secrets.password,
      }),
    });
    await app.waitForLog((l) => l.msg === "request" && l.route === "/api/agents/inquiries");
    const log = app.rawLog();
    expect(log.length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(secrets)) {
      if (log.includes(value)) throw new Error(`the log contains the ${name}`);
    }
    expect(log).not.toContain("edk_live_");
    expect(log).not.toContain(secrets.key.slice(9, 25)); // not even part of the key
  });

  it("filters by LOG_LEVEL", () => {
    const lines: string[] = [];
    const log = createLogger("warn", (l) => void lines.push(l));
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    expect(lines.map((l) => JSON.parse(l).level)).toEqual(["warn", "error"]);
  });
});

describe("request bodies", () => {
  it("refuses a body over 64 KB with a 413 problem", async () => {
    const res = await fetch(`${app.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer x" },
      body: JSON.stringify({ message: "x".repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    const body = await res.json();
    expectContractResponse("POST", "/api/agents/inquiries", 413, res.headers.get("content-type"), body);
    expect(body.detail).toContain("65536 bytes");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const other = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(65_537),
    });
    expect(other.status).toBe(413);
  });

  it("lets a body of exactly 64 KB through to the handler", async () => {
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: " ".repeat(65_536),
    });
    expect(res.status).not.toBe(413);
  });
});

describe("security headers on HTML pages", () => {
  it("sends a CSP without inline scripts, nosniff, a Referrer-Policy and frame-ancestors on every page", async () => {
    const { body } = await get(app, "/api/agents/experts?limit=1");
    const pages = ["/api/docs", `/experts/${body.experts[0].slug}`, "/dashboard/login"];
    for (const page of pages) {
      const res = await fetch(`${app.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toBe(HTML_CSP);
      const scriptSrc = csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src"))!;
      expect(scriptSrc).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // ours by default; a page may choose a stricter one of its own (the dashboard: same-origin)
      expect(["strict-origin-when-cross-origin", "same-origin", "no-referrer"]).toContain(
        res.headers.get("referrer-policy")!,
      );
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      // the CSP can be strict because no page has an inline script or event handler
      const html = await res.text();
      // (a JSON-LD block is data the browser never runs, so the CSP does not concern it)
      expect(html).not.toMatch(/<script(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it("sends nosniff and a Referrer-Policy on API answers too", async () => {
    const res = await fetch(`${app.url}/api/agents/experts?limit=1`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });
});

describe("CORS for the public read endpoints", () => {
  it("answers the preflight of a browser-based agent sending a Bearer key", async () => {
    for (const path of [
      "/api/agents/experts",
      "/api/agents/experts/some-slug",
      "/api/agents/experts/some-slug/availability",
    ]) {
      const res = await fetch(`${app.url}${path}`, {
        method: "OPTIONS",
        headers: {
          origin: "https://agent.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain("GET");
      expect(res.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("authorization");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("allows any origin on the reads, and not on accounts, keys or inquiries", async () => {
    const read = await fetch(`${app.url}/api/agents/experts?limit=1`, { headers: { origin: "https://agent.example" } });
    expect(read.headers.get("access-control-allow-origin")).toBe("*");
    expect(read.headers.get("access-control-expose-headers")).toContain("RateLimit");
    for (const path of ["/api/auth/me", "/api/agents/keys", "/api/agents/inquiries"]) {
      const res = await fetch(`${app.url}${path}`, { headers: { origin: "https://agent.example" } });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      const preflight = await fetch(`${app.url}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
      });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});

describe("graceful shutdown (runs last: it stops this instance)", () => {
  it("stops accepting, finishes the request in flight, runs the hooks, then closes the database", async () => {
    const sql = app.server.db.sql;
    const events: string[] = [];
    app.server.onShutdown("test drain hook", () => void events.push("drain hook"), "drain");
    app.server.onShutdown("test close hook", async () => {
      // the database is still open for close hooks (the outbox worker flushes here)
      const [{ ok }] = await sql`select 1 as ok`;
      events.push(`close hook (in flight ${app.server.inFlight()}, db ${ok === 1 ? "open" : "?"})`);
    });

    // Hold the experts table so a search stays in flight until we let go. A search nobody asked
    // before: the server remembers answers (per directory version), and one remembered would be
    // answered from memory without waiting on the table.
    const lock = await holdExpertsTable(sql);
    const slow = fetch(`${app.url}/api/agents/experts?limit=1&page=${Math.floor(Math.random() * 900) + 50}`).then(
      async (res) => ({ status: res.status, body: await res.json() }),
    );
    for (let i = 0; i < 1500 && app.server.inFlight() < 1; i++) await Bun.sleep(20); // looks, not a deadline
    expect(app.server.inFlight()).toBe(1);

    const stopped = app.server.stop().then(() => events.push("stopped"));
    // no new connections from now on
    const late = await fetch(`${app.url}/healthz`).then(
      (r) => `answered ${r.status}`,
      (e) => `refused ${e.code}`,
    );
    expect(late).toBe("refused ECONNREFUSED");
    expect(events).toEqual(["drain hook"]);

    await lock.release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body.limit).toBe(1);
    await stopped;
    expect(events).toEqual(["drain hook", "close hook (in flight 0, db open)", "stopped"]);
    // the database is closed
    expect(
      await sql`select 1`.then(
        () => "open",
        () => "closed",
      ),
    ).toBe("closed");
    expect(app.logs.some((l) => l.msg === "stopped")).toBe(true);
  });
});
