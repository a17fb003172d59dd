import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { initializeMessage, MCP_HEADERS } from "./support/mcp.ts";
import { serverDatabase } from "./support/postgres-cluster.ts";
import { type ServerProcess, spawnServer } from "./support/server-process.ts";

// The MCP session bounds where they must hold: two instances (WORKERS=2 each) on one database.
// The `mcp-session` budget is drawn through the shared limiter (the primary counts for its
// workers), and the session table's bound is kept under one lock every instance takes.

let database: Awaited<ReturnType<typeof serverDatabase>>;
let instances: ServerProcess[] = [];
let urls: string[] = [];
let sql: postgres.Sql;

const primaryListening = (l: Record<string, any>) => l.msg === "listening" && l.worker === undefined;

beforeAll(async () => {
  database = await serverDatabase();
  const { db } = await prepareDatabase(
    loadConfig({ DATABASE_URL: database.databaseUrl, LOG_LEVEL: "silent" }),
    createLogger("silent"),
  );
  await db.close();
  const env = {
    DATABASE_URL: database.databaseUrl,
    PORT: "0",
    WORKERS: "2",
    RATE_LIMITS: "on",
    RATE_LIMIT_MCP_SESSION: "5,5",
    MAX_MCP_SESSIONS: "6",
    TRUST_PROXY: "1",
  };
  instances = [spawnServer(env), spawnServer(env)];
  urls = await Promise.all(instances.map(async (i) => (await i.waitForLog(primaryListening, 60_000)).url as string));
  sql = postgres(database.databaseUrl, { max: 1, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  await sql?.end();
  for (const i of instances) if (i.proc.exitCode === null) i.proc.kill("SIGTERM");
  await Promise.all(instances.map((i) => i.exited));
  await database.drop();
}, 60_000);

// A new connection per request, so the kernel spreads them over both workers.
function initialize(url: string, client: string) {
  return fetch(`${url}/api/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, "x-forwarded-for": client, connection: "close" },
    body: JSON.stringify(initializeMessage()),
    keepalive: false,
  } as RequestInit);
}

async function sessionRows(): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from mcp_sessions`;
  return n;
}

describe("MCP session bounds across processes", () => {
  it("refuses one client's initialize past its quota whichever worker answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await initialize(urls[0], "198.51.100.40");
      statuses.push(r.status);
      await r.text();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });

  it("keeps the session table within MAX_MCP_SESSIONS while two instances create sessions at once", async () => {
    const clients = Array.from({ length: 20 }, (_, i) => `203.0.113.${100 + i}`);
    let highest = 0;
    let done = false;
    const watching = (async () => {
      for (let i = 0; i < 400 && !done; i++) {
        highest = Math.max(highest, await sessionRows());
        await Bun.sleep(5);
      }
    })();
    const answers = await Promise.all(
      clients.flatMap((c, i) => [initialize(urls[i % 2], c), initialize(urls[(i + 1) % 2], c)]),
    );
    done = true;
    await watching;
    for (const r of answers) {
      expect(r.status).toBe(200);
      await r.text();
    }
    expect(highest).toBeLessThanOrEqual(6);
    expect(await sessionRows()).toBe(6);
  });
});
