import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { get, startApp, type TestApp } from "./support/app.ts";
import { initializeMessage, MCP_HEADERS } from "./support/mcp.ts";

// Event streams (GET /api/sse, GET /api/mcp) are bounded per client address and per process
// (MAX_STREAMS_PER_CLIENT, MAX_STREAMS): past them 429 / 503 with Retry-After, and every other
// request still answers. Clients are told apart by X-Forwarded-For behind TRUST_PROXY=1.

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ env: { MAX_STREAMS_PER_CLIENT: "3", MAX_STREAMS: "5", TRUST_PROXY: "1" } });
});
afterAll(() => app.stop());

interface OpenStream {
  status: number;
  headers: Headers;
  body: string;
  close(): void;
}

/** Opens an event stream as `client` and reads its first frame (so it is really open), or reads the refusal. */
async function openStream(path: string, client: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${app.url}${path}`, {
    headers: { accept: "text/event-stream", "x-forwarded-for": client, ...headers },
    signal: abort.signal,
  });
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return { status: res.status, headers: res.headers, body: await res.text(), close: () => {} };
  }
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  return {
    status: res.status,
    headers: res.headers,
    body: new TextDecoder().decode(value),
    close: () => abort.abort(),
  };
}

async function mcpSession(client: string): Promise<string> {
  const res = await fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, "x-forwarded-for": client },
    body: JSON.stringify(initializeMessage()),
  });
  expect(res.status).toBe(200);
  await res.text();
  return res.headers.get("mcp-session-id")!;
}

async function openStreams(): Promise<number> {
  const { body } = await get(app, "/metrics");
  return Number(/^event_streams_open (\d+)$/m.exec(body)?.[1]);
}

/** Retries `open` until it is no longer refused: a slot frees once the server has seen the stream end. */
async function eventually(open: () => Promise<OpenStream>): Promise<OpenStream> {
  for (let i = 0; i < 1500; i++) {
    const attempt = await open();
    if (attempt.status === 200) return attempt;
    await Bun.sleep(20);
  }
  throw new Error("the slot was never freed");
}

describe("event streams are bounded per client and per process", () => {
  it("refuses a client's streams past its share with 429 and Retry-After, while other requests answer", async () => {
    const a = "198.51.100.1";
    const session = await mcpSession(a);
    const held = [
      await openStream("/api/sse", a),
      await openStream("/api/sse", a),
      await openStream("/api/mcp", a, { "mcp-session-id": session }),
    ];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(held[0].body).toContain("event: endpoint");
    expect(await openStreams()).toBe(3);

    for (const path of ["/api/sse", "/api/mcp"]) {
      const refused = await openStream(path, a, { "mcp-session-id": session });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toStartWith("application/problem+json");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toMatchObject({ status: 429, title: "Too Many Requests" });
    }

    // The same client and another one are still served everything else.
    for (const client of [a, "198.51.100.2"]) {
      expect((await get(app, "/healthz", { "x-forwarded-for": client })).status).toBe(200);
      expect((await get(app, "/api/agents/experts?q=tax", { "x-forwarded-for": client })).status).toBe(200);
    }

    // A stream the client closes frees its slot.
    held[0].close();
    const again = await eventually(() => openStream("/api/sse", a));
    expect(again.body).toContain("event: endpoint");

    // A stream the server closes (DELETE of the session ends its GET stream) frees its slot too.
    const ended = await fetch(`${app.url}/api/mcp`, {
      method: "DELETE",
      headers: { ...MCP_HEADERS, "mcp-session-id": session, "x-forwarded-for": a },
    });
    expect(ended.status).toBe(200);
    const after = await eventually(() => openStream("/api/sse", a));
    for (const s of [...held, again, after]) s.close();
    for (let i = 0; i < 1500 && (await openStreams()) > 0; i++) await Bun.sleep(20);
    expect(await openStreams()).toBe(0);
  });

  it("refuses streams past the process's total with 503 and Retry-After; closing them frees the slots", async () => {
    const clients = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
    const held = [
      ...(await Promise.all([0, 1, 2].map(() => openStream("/api/sse", clients[0])))),
      ...(await Promise.all([0, 1].map(() => openStream("/api/sse", clients[1])))),
    ];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await openStream("/api/sse", clients[2]);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 503 });
    expect((await get(app, "/healthz", { "x-forwarded-for": clients[2] })).status).toBe(200);

    for (const s of held) s.close();
    const fresh = await eventually(() => openStream("/api/sse", clients[2]));
    expect(fresh.body).toContain("event: endpoint");
    fresh.close();
  });

  it("gives the slot back when the opening is refused for another reason (a GET /api/mcp without a session)", async () => {
    const c = "192.0.2.77";
    for (let i = 0; i < 5; i++) expect((await openStream("/api/mcp", c)).status).toBe(400);
    expect(await openStreams()).toBe(0);
  });
});

describe("the bounds' settings", () => {
  it("default to 8 streams per client, 1,000 per process and 10,000 MCP sessions", () => {
    expect(loadConfig({}).bounds).toEqual({ streamsPerClient: 8, streams: 1000, mcpSessions: 10_000 });
    expect(loadConfig({}).rateLimits.budgets["mcp-session"]).toEqual({ anonymous: 30, withKey: 120 });
  });

  it("refuse a bad value at start, naming the variable", () => {
    for (const name of ["MAX_STREAMS_PER_CLIENT", "MAX_STREAMS", "MAX_MCP_SESSIONS", "RATE_LIMIT_MCP_SESSION"]) {
      expect(() => loadConfig({ [name]: "0" })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: "many" })).toThrow(name);
    }
  });
});
