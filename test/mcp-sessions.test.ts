import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createLogger } from "../src/log.ts";
import { McpSessions, mcpSessionClock, sweepMcpSessions } from "../src/mcp/sessions.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { createTestKey } from "./support/keys.ts";
import { initializeMessage, MCP_HEADERS, mcpClient, resultText } from "./support/mcp.ts";

// An app of its own, with small rate limits so that spent budgets can be observed. Sessions idle
// out after 10 minutes, and the tests make that time pass instead of waiting: idleOut() moves the
// in-process session clock forward, ages the rows in the database (whose now() decides when a row
// expires) and runs the sweep. Nothing expires by itself meanwhile (the sweep timer ticks every 60 s).
const IDLE_SECONDS = 600;

let app: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  const env = {
    LOG_LEVEL: "warn",
    RATE_LIMITS: "on",
    MCP_SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
    RATE_LIMIT_SEARCH: "3,5",
    RATE_LIMIT_PROFILE: "2,4",
    SHUTDOWN_TIMEOUT: "1",
    // This suite opens and abandons many sessions and streams from one address: the bounds on those
    // (test/mcp-bounds.test.ts, test/stream-bounds.test.ts) are set out of its way.
    RATE_LIMIT_MCP_SESSION: "10000,10000",
    MAX_STREAMS_PER_CLIENT: "10000",
  };
  app = await startApp({ env });
}, 120_000);

afterAll(async () => {
  mcpSessionClock.now = () => Date.now();
  await Promise.all(clients.map((c) => c.close()));
  await app.stop();
});

let clockShift = 0;

/** Lets the idle timeout pass, for this process and for the database, without waiting for it. */
async function letTimeoutPass(): Promise<void> {
  const shift = (clockShift += (IDLE_SECONDS + 1) * 1000);
  mcpSessionClock.now = () => Date.now() + shift;
  await app.sql`update mcp_sessions set last_seen_at = last_seen_at - make_interval(secs => ${IDLE_SECONDS + 1})`;
}

/** Lets the idle timeout pass and sweeps at once, as the timer would at its next tick. */
async function idleOut(): Promise<void> {
  await letTimeoutPass();
  await sweepMcpSessions();
}

/** This instance's `mcp_sessions_open` gauge, as /metrics reports it. */
async function openSessions(): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  return Number(/^mcp_sessions_open (\d+)$/m.exec(text)?.[1]);
}

async function storedSessions(): Promise<number> {
  const [{ n }] = await app.sql<{ n: number }[]>`select count(*)::int as n from mcp_sessions`;
  return n;
}

/**
 * Opens sessions in a child process that abandons them: their event streams stay open, unread,
 * until the server closes them. Resolves once they are all open, with a promise of the child's end.
 */
async function openAndAbandon(streamable: number, sse: number): Promise<{ done: Promise<number> }> {
  const child = Bun.spawn(
    [process.execPath, `${import.meta.dir}/support/mcp-abandon.ts`, app.url, String(streamable), String(sse)],
    {
      stdout: "pipe",
      stderr: "inherit",
      // Bun's fetch opens at most 256 connections at once by default; every abandoned stream holds one.
      env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "1024" },
    },
  );
  const reader = child.stdout.getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  expect(out.trim()).toBe(`open ${streamable + sse}`);
  reader.releaseLock();
  return { done: child.exited };
}

function heapUsed(): number {
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
}

describe("abandoned MCP sessions", () => {
  it("are closed after the idle timeout, so the session count and memory stay bounded", async () => {
    const warmUp = await openAndAbandon(100, 20); // code paths compiled, pools grown
    await idleOut();
    expect(await openSessions()).toBe(0);
    expect(await warmUp.done).toBe(0);
    const before = heapUsed();
    const counts: number[] = [];
    for (let round = 0; round < 3; round++) {
      const clients = await openAndAbandon(300, 50);
      counts.push(await openSessions());
      await idleOut();
      expect(await openSessions()).toBe(0);
      expect(await clients.done).toBe(0); // the server closed every stream the child held
      expect(await storedSessions()).toBe(0);
    }
    const growth = heapUsed() - before;
    console.log(
      `sessions open after each round: ${counts.join(", ")}; heap growth over 1050 abandoned sessions: ${(growth / 1048576).toFixed(1)} MB`,
    );
    // All were open at once: no time passed for the sessions until idleOut().
    expect(counts).toEqual([350, 350, 350]);
    // Keeping the server, transport and stream of each abandoned session would exceed this.
    expect(growth).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);

  it("answers an expired session id with 404", async () => {
    const init = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify(initializeMessage()),
    });
    const id = init.headers.get("mcp-session-id")!;
    await init.text();
    await letTimeoutPass();
    // Expired by the database's clock, before any sweep deleted the row.
    expect(await storedSessions()).toBe(1);
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "mcp-session-id": id },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
    });
    expect(res.status).toBe(404);
    await sweepMcpSessions();
    expect(await storedSessions()).toBe(0);
  });

  it("keeps a session used within the timeout and closes one idle longer, by the clock it is given", async () => {
    let now = 1_000_000;
    const sessions = new McpSessions({ sql: app.sql, log: createLogger("silent"), idleSeconds: 10, now: () => now });
    try {
      const closed: string[] = [];
      const [busy, idle] = [await sessions.create(), await sessions.create()];
      sessions.holdStream(busy, () => closed.push("busy"));
      sessions.holdStream(idle, () => closed.push("idle"));
      now += 6_000;
      sessions.used(busy);
      now += 4_000; // idle: 10 s since its last use; busy: 4 s
      await sessions.sweep();
      expect(closed).toEqual(["idle"]);
      expect(sessions.count()).toBe(1);
      now += 6_000; // busy: 10 s
      await sessions.sweep();
      expect(closed).toEqual(["idle", "busy"]);
      expect(sessions.count()).toBe(0);
      // The rows are the database's to expire, by its own clock: 10 s have not passed there.
      expect(await storedSessions()).toBe(2);
    } finally {
      sessions.closeAll();
      await app.sql`delete from mcp_sessions`;
    }
  });
});

describe("rate limits on tool calls", () => {
  async function call(client: Client, name: string, args: Record<string, unknown>) {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  it("draw on the REST search budget of the client's address, and say when to retry", async () => {
    const client = await mcpClient(app.url, "streamable-http");
    clients.push(client);
    for (let i = 0; i < 2; i++)
      expect((await call(client, "search_experts", { limit: 1 })).isError ?? false).toBe(false);
    const rest = await fetch(`${app.url}/api/agents/experts?limit=1`);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("ratelimit")).toMatch(/^"search";r=0;/);
    const refused = await call(client, "search_experts", { limit: 1 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    expect(resultText(refused)).toMatch(/Retry after \d+ seconds/);
    expect((await fetch(`${app.url}/api/agents/experts?limit=1`)).status).toBe(429);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/rate_limit_rejections_total\{budget="search"\} 2/);
  });

  it("give a key its own larger budget, on either transport", async () => {
    const key = await createTestKey(app.sql);
    const client = await mcpClient(app.url, "sse", key.headers);
    clients.push(client);
    for (let i = 0; i < 5; i++)
      expect((await call(client, "search_experts", { limit: 1 })).isError ?? false).toBe(false);
    expect((await call(client, "search_experts", { limit: 1 })).isError).toBe(true);
  });

  it("count get_expert against the profile budget", async () => {
    const client = await mcpClient(app.url, "sse");
    clients.push(client);
    const [{ slug }] = await app.sql<
      { slug: string }[]
    >`select slug from experts where is_public and is_verified limit 1`;
    for (let i = 0; i < 2; i++) expect((await call(client, "get_expert", { slug })).isError ?? false).toBe(false);
    const refused = await call(client, "get_expert", { slug });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toMatch(/Retry after \d+ seconds/);
  });
});

describe("shutdown", () => {
  it("closes the open MCP event streams at once, so stopping does not wait for them", async () => {
    const init = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify(initializeMessage()),
    });
    const id = init.headers.get("mcp-session-id")!;
    await init.text();
    const streams = await Promise.all([
      fetch(`${app.url}/api/mcp`, { headers: { accept: "text/event-stream", "mcp-session-id": id } }),
      fetch(`${app.url}/api/sse`, { headers: { accept: "text/event-stream" } }),
    ]);
    const readers = streams.map((s) => s.body!.getReader());
    for (const reader of readers) await reader.read(); // open
    await app.server.stop();
    for (const reader of readers) {
      let done = false;
      while (!done) done = (await reader.read()).done;
    }
    expect(app.rawLog()).not.toContain("still in flight");
  });
});
