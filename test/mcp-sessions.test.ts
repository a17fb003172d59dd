import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { loadConfig } from "../src/config.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase, type RunningServer, startServer } from "../src/server.ts";
import { freshDatabase } from "./support/app.ts";
import { createTestKey } from "./support/keys.ts";
import { initializeMessage, MCP_HEADERS, mcpClient, resultText } from "./support/mcp.ts";

// An app of its own: MCP sessions idle out after 3 seconds, and small rate limits, so that
// abandoned sessions and spent budgets can be observed in a test.

let server: RunningServer;
let drop: () => Promise<void>;
const warnings: string[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  const database = await freshDatabase();
  drop = database.drop;
  const env = { LOG_LEVEL: "warn", MCP_SESSION_IDLE_SECONDS: "3", RATE_LIMIT_SEARCH: "3,5", RATE_LIMIT_PROFILE: "2,4", SHUTDOWN_TIMEOUT: "1" };
  const config = { ...loadConfig(env), port: 0, databaseUrl: database.databaseUrl, dataDir: database.dataDir };
  const log = createLogger("warn", (line) => void warnings.push(line));
  if (database.databaseUrl) {
    const prepared = await prepareDatabase(config, log);
    await seedDemo(prepared.db.sql);
    await prepared.db.close();
  }
  server = await startServer(config, log);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.stop();
  await drop();
});

/** This instance's `mcp_sessions_open` gauge, as /metrics reports it. */
async function openSessions(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^mcp_sessions_open (\d+)$/m.exec(text)?.[1]);
}

async function storedSessions(): Promise<number> {
  const [{ n }] = await server.db.sql<{ n: number }[]>`select count(*)::int as n from mcp_sessions`;
  return n;
}

/** Waits (polling, up to a generous bound) until `probe` returns `expected`; returns the last value. */
async function settle(probe: () => Promise<number>, expected: number): Promise<number> {
  let value = await probe();
  for (let i = 0; i < 120 && value !== expected; i++) {
    await Bun.sleep(250);
    value = await probe();
  }
  return value;
}

/**
 * Opens sessions in a child process that abandons them: their event streams stay open, unread,
 * until the server closes them. Resolves once they are all open, with a promise of the child's end.
 */
async function openAndAbandon(streamable: number, sse: number): Promise<{ done: Promise<number> }> {
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/support/mcp-abandon.ts`, server.url, String(streamable), String(sse)], {
    stdout: "pipe",
    stderr: "inherit",
    // Bun's fetch opens at most 256 connections at once by default; every abandoned stream holds one.
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "1024" },
  });
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
    expect(await settle(openSessions, 0)).toBe(0);
    expect(await warmUp.done).toBe(0);
    const before = heapUsed();
    const counts: number[] = [];
    for (let round = 0; round < 3; round++) {
      const clients = await openAndAbandon(300, 50);
      counts.push(await openSessions());
      expect(await settle(openSessions, 0)).toBe(0);
      expect(await clients.done).toBe(0); // the server closed every stream the child held
      expect(await settle(storedSessions, 0)).toBe(0);
    }
    const growth = heapUsed() - before;
    console.log(`sessions open after each round: ${counts.join(", ")}; heap growth over 1050 abandoned sessions: ${(growth / 1048576).toFixed(1)} MB`);
    // Many were open at once (the oldest may already have idled out while the last ones opened).
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(200);
    // Keeping the server, transport and stream of each abandoned session would exceed this.
    expect(growth).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);

  it("answers an expired session id with 404", async () => {
    const init = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(initializeMessage()) });
    const id = init.headers.get("mcp-session-id")!;
    await init.text();
    expect(await settle(storedSessions, 0)).toBe(0);
    const res = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "mcp-session-id": id },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
    });
    expect(res.status).toBe(404);
  });
});

describe("rate limits on tool calls", () => {
  async function call(client: Client, name: string, args: Record<string, unknown>) {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  it("draw on the REST search budget of the client's address, and say when to retry", async () => {
    const client = await mcpClient(server.url, "streamable-http");
    clients.push(client);
    for (let i = 0; i < 2; i++) expect((await call(client, "search_experts", { limit: 1 })).isError ?? false).toBe(false);
    const rest = await fetch(`${server.url}/api/agents/experts?limit=1`);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("ratelimit")).toMatch(/^"search";r=0;/);
    const refused = await call(client, "search_experts", { limit: 1 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    expect(resultText(refused)).toMatch(/Retry after \d+ seconds/);
    expect((await fetch(`${server.url}/api/agents/experts?limit=1`)).status).toBe(429);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/rate_limit_rejections_total\{budget="search"\} 2/);
  });

  it("give a key its own larger budget, on either transport", async () => {
    const key = await createTestKey(server.db.sql);
    const client = await mcpClient(server.url, "sse", key.headers);
    clients.push(client);
    for (let i = 0; i < 5; i++) expect((await call(client, "search_experts", { limit: 1 })).isError ?? false).toBe(false);
    expect((await call(client, "search_experts", { limit: 1 })).isError).toBe(true);
  });

  it("count get_expert against the profile budget", async () => {
    const client = await mcpClient(server.url, "sse");
    clients.push(client);
    const [{ slug }] = await server.db.sql<{ slug: string }[]>`select slug from experts where is_public and is_verified limit 1`;
    for (let i = 0; i < 2; i++) expect((await call(client, "get_expert", { slug })).isError ?? false).toBe(false);
    const refused = await call(client, "get_expert", { slug });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toMatch(/Retry after \d+ seconds/);
  });
});

describe("shutdown", () => {
  it("closes the open MCP event streams at once, so stopping does not wait for them", async () => {
    const init = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(initializeMessage()) });
    const id = init.headers.get("mcp-session-id")!;
    await init.text();
    const streams = await Promise.all([
      fetch(`${server.url}/api/mcp`, { headers: { accept: "text/event-stream", "mcp-session-id": id } }),
      fetch(`${server.url}/api/sse`, { headers: { accept: "text/event-stream" } }),
    ]);
    const readers = streams.map((s) => s.body!.getReader());
    for (const reader of readers) await reader.read(); // open
    await server.stop();
    for (const reader of readers) {
      let done = false;
      while (!done) done = (await reader.read()).done;
    }
    expect(warnings.filter((l) => l.includes("still in flight"))).toEqual([]);
  });
});
