import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { lookUntil } from "./support/looks.ts";
import { serverDatabase } from "./support/postgres-cluster.ts";
import { type ServerProcess, spawnServer } from "./support/server-process.ts";

// Two instances (two ports, one DATABASE_URL, WORKERS=2 each) behave as one service over the
// shared channel: legacy SSE messages reach the process holding the stream, whichever instance
// and worker they land on, and a write is seen everywhere.
let database: Awaited<ReturnType<typeof serverDatabase>>;
const instances: { server: ServerProcess; url: string; port: number }[] = [];
let slug: string;
let writer: postgres.Sql;

const primaryListening = (l: Record<string, any>) => l.msg === "listening" && l.worker === undefined;
// A new connection per request, so the kernel spreads them over an instance's workers.
const fresh = (url: string | URL, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: { ...Object.fromEntries(new Headers(init.headers)), connection: "close" },
    keepalive: false,
  } as RequestInit);

beforeAll(async () => {
  database = await serverDatabase();
  const config = loadConfig({ DATABASE_URL: database.databaseUrl, LOG_LEVEL: "silent" });
  const { db } = await prepareDatabase(config, createLogger("silent"));
  await seedDemo(db.sql);
  [{ slug }] =
    await db.sql`select slug from experts where is_verified and is_public order by rating desc nulls last, id limit 1`;
  await db.close();
  for (let i = 0; i < 2; i++) {
    // Every client here is 127.0.0.1: the per-client stream cap (8 a worker) is set out of the way.
    const server = spawnServer({
      DATABASE_URL: database.databaseUrl,
      PORT: "0",
      WORKERS: "2",
      RATE_LIMITS: "off",
      MAX_STREAMS_PER_CLIENT: "1000",
      OUTBOX_INTERVAL_MS: "3600000",
    });
    const { url } = await server.waitForLog(primaryListening, 60_000);
    instances.push({ server, url, port: Number(new URL(url).port) });
  }
  writer = postgres(database.databaseUrl, { max: 1, onnotice: () => {} });
}, 180_000);

afterAll(async () => {
  await writer?.end();
  for (const { server } of instances) {
    if (server.proc.exitCode === null) server.proc.kill("SIGTERM");
    await server.exited;
  }
  await database.drop();
}, 60_000);

/** A fetch that sends every message POST to the next instance in turn, on a new connection. */
function alternatingPosts(posts: string[]) {
  let turn = 0;
  return (url: string | URL, init?: RequestInit) => {
    const target = new URL(url);
    if ((init?.method ?? "GET").toUpperCase() === "POST") {
      target.port = String(instances[turn++ % 2].port);
      posts.push(target.port);
    }
    return fresh(target, init);
  };
}

describe("two instances with two workers each, one database", () => {
  it("serves the SDK's SSE client 20 of 20 times while each message POST goes to another instance", async () => {
    const ports = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const posts: string[] = [];
      const home = instances[i % 2].url;
      const client = new Client({ name: `sse-${i}`, version: "1" });
      await client.connect(new SSEClientTransport(new URL("/api/sse", home), { fetch: alternatingPosts(posts) }));
      const search = await client.callTool({ name: "search_experts", arguments: { limit: 2 } });
      expect(search.isError ?? false).toBe(false);
      const expert = await client.callTool({ name: "get_expert", arguments: { slug } });
      expect(expert.isError ?? false).toBe(false);
      expect((expert.structuredContent as { slug: string }).slug).toBe(slug);
      expect(new Set(posts).size).toBe(2);
      for (const p of posts) ports.add(p);
      await client.close();
    }
    expect(ports.size).toBe(2);
  }, 120_000);

  it("relays a message too large for a NOTIFY payload through a row, once", async () => {
    // The stream on the first instance, every POST to the second: each message is relayed.
    const toSecond = (url: string | URL, init?: RequestInit) => {
      const target = new URL(url);
      if ((init?.method ?? "GET").toUpperCase() === "POST") target.port = String(instances[1].port);
      return fresh(target, init);
    };
    const client = new Client({ name: "sse-large", version: "1" });
    await client.connect(new SSEClientTransport(new URL("/api/sse", instances[0].url), { fetch: toSecond }));
    // ~9 KB of arguments: past the 8,000-byte NOTIFY payload. Its answer comes back on the stream.
    const result = await client.callTool({
      name: "search_experts",
      arguments: { limit: 1, _pad: "y".repeat(9000) } as Record<string, unknown>,
    });
    expect(result).toBeDefined();
    const small = await client.callTool({ name: "search_experts", arguments: { limit: 1 } });
    expect(small.isError ?? false).toBe(false);
    await client.close();
    const [{ n }] = await writer`select count(*)::int as n from legacy_sse_messages`;
    expect(n).toBe(0); // taken and deleted
  }, 60_000);

  it("serves Streamable HTTP the same across both instances", async () => {
    const posts: string[] = [];
    const client = new Client({ name: "streamable", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/api/mcp", instances[0].url), { fetch: alternatingPosts(posts) }),
    );
    for (let i = 0; i < 6; i++) {
      const result = await client.callTool({ name: "search_experts", arguments: { limit: 1, page: i } });
      expect(result.isError ?? false).toBe(false);
    }
    expect(new Set(posts).size).toBe(2);
    await client.close();
  }, 60_000);

  it("answers 404 on every instance for a session no process holds", async () => {
    for (const { url } of instances) {
      const res = await fresh(`${url}/api/messages?sessionId=${"A".repeat(43)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(404);
    }
  });

  it("shows a write in a repeated search and a profile revalidation on every worker of both instances", async () => {
    const searchPath = "/api/agents/experts?limit=3&sort=rating";
    const profilePath = `/api/agents/experts/${slug}`;
    // Remembered everywhere first: each instance's workers answer the search and the 304 many times.
    const tags: string[] = [];
    for (const { url } of instances) {
      for (let i = 0; i < 6; i++) {
        expect((await fresh(`${url}${searchPath}`)).status).toBe(200);
        const profile = await fresh(`${url}${profilePath}`);
        tags.push(profile.headers.get("etag")!);
      }
    }
    const tag = tags[0];
    const stamp = `Cluster name ${Date.now()}`;
    const written = performance.now();
    await writer`update experts set name = ${stamp} where slug = ${slug}`;
    // Pollers on every instance at once, each on new connections (so over both workers), from the
    // commit on: when each first sees the write, and in how many tries.
    const polls = instances.flatMap(({ url }) =>
      Array.from({ length: 4 }, async () => {
        for (let tries = 1; ; tries++) {
          const search = await (await fresh(`${url}${searchPath}`)).json();
          const profile = await fresh(`${url}${profilePath}`, { headers: { "if-none-match": tag } });
          const names = (search.experts as { name: string }[]).map((e) => e.name);
          if (names.includes(stamp) && profile.status === 200 && (await profile.json()).name === stamp)
            return { ms: performance.now() - written, tries };
          if (performance.now() - written > 30_000) throw new Error("the write never became visible");
          await Bun.sleep(2);
        }
      }),
    );
    const seen = await Promise.all(polls);
    console.log(
      `write visible on both instances: ${seen.map((s) => `${s.ms.toFixed(1)} ms (try ${s.tries})`).join(", ")}`,
    );
    // Every later request, on any worker, sees it too.
    for (const { url } of instances) {
      for (let i = 0; i < 6; i++) {
        const profile = await fresh(`${url}${profilePath}`, { headers: { "if-none-match": tag } });
        expect(profile.status).toBe(200);
        expect((await profile.json()).name).toBe(stamp);
      }
    }
  }, 60_000);

  it("judges match_quality the same on every worker of both instances, and again on all after a write", async () => {
    // Each process keeps its own cache of match qualities (keyed by the directory version): every
    // worker must say of one search what the first page says, and judge it again after a write.
    const q = "corporate lawyer munich";
    const quality = async (url: string, params: Record<string, string>) => {
      const res = await fresh(`${url}/api/agents/experts?${new URLSearchParams({ q, ...params })}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { match_quality: string; experts: { slug: string }[] };
    };
    const [best] = (await quality(instances[0].url, { limit: "1" })).experts;
    const everywhere = async (expected: (quality: string) => boolean) => {
      for (const { url } of instances)
        for (let i = 0; i < 4; i++)
          for (const at of [{ limit: "5", page: "2" }, { limit: "1", page: "1" }, { limit: "10" }] as Record<
            string,
            string
          >[])
            await lookUntil(
              async () => (await quality(url, at)).match_quality,
              expected,
              `match_quality at ${JSON.stringify(at)} on ${url}`,
            );
    };
    await everywhere((quality) => quality === "strong");
    await writer`update experts set is_public = false where slug = ${best.slug}`;
    try {
      await everywhere((quality) => quality !== "strong");
    } finally {
      await writer`update experts set is_public = true where slug = ${best.slug}`;
    }
    await everywhere((quality) => quality === "strong");
  }, 120_000);

  it("ends the streams of a killed worker, which reconnect; the other worker's clients do not notice", async () => {
    const { server, url } = instances[0];
    const clients: { client: Client; errors: string[] }[] = [];
    for (let i = 0; i < 12; i++) {
      const client = new Client({ name: `held-${i}`, version: "1" });
      const entry = { client, errors: [] as string[] };
      // What a client notices: its transport reports the event stream ending or failing.
      client.onerror = (error) => entry.errors.push(String(error?.message ?? error));
      await client.connect(new SSEClientTransport(new URL("/api/sse", url), { fetch: (u, init) => fresh(u, init) }));
      clients.push(entry);
    }
    const victim = server.logs.find((l) => l.msg === "listening" && l.worker === 0)!.pid as number;
    process.kill(victim, "SIGKILL");
    await server.waitForLog((l) => l.msg === "worker exited unexpectedly; restarting it" && l.pid === victim, 30_000);
    const outcomes = await Promise.all(
      clients.map(async (entry) => {
        try {
          const r = await entry.client.callTool({ name: "search_experts", arguments: { limit: 1 } }, undefined, {
            timeout: 5000,
          });
          return r.isError ? "failed" : "served";
        } catch {
          return "failed";
        }
      }),
    );
    // The killed worker's clients see their stream end (their EventSource may reconnect at once to
    // the other worker and be served there); the other worker's notice nothing and are served.
    const quiet = clients.filter((entry) => entry.errors.length === 0);
    const cut = clients.filter((entry) => entry.errors.length > 0);
    expect(quiet.length).toBeGreaterThan(0); // the other worker held some
    expect(cut.length).toBeGreaterThan(0); // the killed worker held some
    clients.forEach((entry, i) => {
      if (entry.errors.length === 0) expect(outcomes[i]).toBe("served"); // noticed nothing: served
    });
    await server.waitForLog((l) => l.msg === "worker restarted" && l.worker === 0, 30_000);
    for (const entry of cut) {
      await entry.client.close();
      const again = new Client({ name: "again", version: "1" });
      await again.connect(new SSEClientTransport(new URL("/api/sse", url), { fetch: (u, init) => fresh(u, init) }));
      const r = await again.callTool({ name: "search_experts", arguments: { limit: 1 } });
      expect(r.isError ?? false).toBe(false);
      await again.close();
    }
    for (const entry of quiet) await entry.client.close();
  }, 120_000);
});
