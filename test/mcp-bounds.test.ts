import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { startApp, type TestApp } from "./support/app.ts";
import { initializeMessage, MCP_HEADERS } from "./support/mcp.ts";

// New MCP sessions draw on a budget of their own (`mcp-session`, RATE_LIMIT_MCP_SESSION) and the
// session table is bounded (MAX_MCP_SESSIONS): the oldest idle sessions make room for new ones.

let app: TestApp;
beforeAll(async () => {
  app = await startApp({
    env: { RATE_LIMITS: "on", RATE_LIMIT_MCP_SESSION: "3,5", MAX_MCP_SESSIONS: "4", TRUST_PROXY: "1" },
  });
});
afterAll(() => app.stop());

function initialize(client: string) {
  return fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, "x-forwarded-for": client },
    body: JSON.stringify(initializeMessage()),
  });
}

async function sessionRows(): Promise<number> {
  const [{ n }] = await app.sql<{ n: number }[]>`select count(*)::int as n from mcp_sessions`;
  return n;
}

function listTools(session: string, client: string) {
  return fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: {
      ...MCP_HEADERS,
      "mcp-session-id": session,
      "mcp-protocol-version": "2025-06-18",
      "x-forwarded-for": client,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  });
}

describe("MCP sessions are rate-limited and the session table bounded", () => {
  it("answers an initialize flood from one client with 429 past its quota, as a JSON-RPC error with Retry-After", async () => {
    const client = "198.51.100.10";
    const answers = await Promise.all(Array.from({ length: 12 }, () => initialize(client)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-policy")).toBe('"mcp-session";q=3;w=60');
    const body = await refused.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    expect(body.error.message).toContain("Rate limit reached");
    for (const r of answers) if (r.status === 200) await r.text();
    expect(await sessionRows()).toBeLessThanOrEqual(4);

    // The sessions it has keep working: only new ones are refused.
    const session = answers.find((r) => r.status === 200)!.headers.get("mcp-session-id")!;
    expect((await listTools(session, client)).status).toBe(200);

    // GET /api/sse opens a session too: the same budget refuses it, as a problem with Retry-After.
    const sse = await fetch(`${app.url}/api/sse`, {
      headers: { accept: "text/event-stream", "x-forwarded-for": client },
    });
    expect(sse.status).toBe(429);
    expect(sse.headers.get("content-type")).toStartWith("application/problem+json");
    expect(Number(sse.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sse.json()).toMatchObject({ status: 429 });
  });

  it("keeps the session table within MAX_MCP_SESSIONS, evicting the longest idle sessions first", async () => {
    await app.sql`delete from mcp_sessions`;
    const clients = Array.from({ length: 6 }, (_, i) => `203.0.113.${20 + i}`);
    const sessions: string[] = [];
    for (const client of clients) {
      for (let i = 0; i < 2; i++) {
        const r = await initialize(client);
        expect(r.status).toBe(200);
        await r.text();
        sessions.push(r.headers.get("mcp-session-id")!);
        expect(await sessionRows()).toBeLessThanOrEqual(4);
      }
    }
    // Concurrent creations from many clients hold the bound too.
    const burst = await Promise.all(clients.map((c) => initialize(c)));
    for (const r of burst) {
      expect(r.status).toBe(200);
      await r.text();
    }
    expect(await sessionRows()).toBe(4);

    // The first sessions were the longest idle: gone (404, initialize again); a session in use stays.
    expect((await listTools(sessions[0], clients[0])).status).toBe(404);
    const last = await initialize("203.0.113.99");
    await last.text();
    expect((await listTools(last.headers.get("mcp-session-id")!, "203.0.113.99")).status).toBe(200);
    expect(await sessionRows()).toBe(4);
  });
});
