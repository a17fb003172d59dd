// Own app instances for the rate-limit and operations suites: limits on, logs captured.
import { loadConfig } from "../../src/config.ts";
import { createUser } from "../../src/accounts/users.ts";
import { issueApiKey } from "../../src/keys/service.ts";
import { seedDemo } from "../../src/demo/seed.ts";
import { createLogger } from "../../src/log.ts";
import { type RunningServer, startServer } from "../../src/server.ts";
import { expectContractResponse } from "./contract.ts";
import { freshDatabase } from "./app.ts";

export interface OpsApp {
  url: string;
  server: RunningServer;
  /** Every log line the instance wrote, parsed. */
  logs: Record<string, any>[];
  /** The raw log text, to search for secrets. */
  rawLog(): string;
  /** The first log line matching, waiting briefly: request lines are written after the response is sent. */
  waitForLog(match: (line: Record<string, any>) => boolean): Promise<Record<string, any>>;
  stop(): Promise<void>;
}

/** Starts an instance with `env` over the defaults (RATE_LIMITS on, LOG_LEVEL debug). */
export async function startOpsApp(env: Record<string, string> = {}, database?: { databaseUrl: string | null; dataDir: string }): Promise<OpsApp> {
  const db = database ? { ...database, drop: async () => {} } : await freshDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: "debug", ...env }), port: 0, databaseUrl: db.databaseUrl, dataDir: db.dataDir };
  const lines: string[] = [];
  const log = createLogger(config.logLevel, (line) => void lines.push(line));
  const server = await startServer(config, log);
  // The server seeds only a new embedded database by itself; a fresh server database is seeded here.
  if (!database && server.db.kind === "server") await seedDemo(server.db.sql);
  return {
    url: server.url,
    server,
    get logs() {
      return lines.map((l) => JSON.parse(l));
    },
    rawLog: () => lines.join(""),
    async waitForLog(match) {
      for (let i = 0; i < 300; i++) {
        const found = lines.map((l) => JSON.parse(l)).find(match);
        if (found) return found;
        await Bun.sleep(10);
      }
      throw new Error("no such log line");
    },
    async stop() {
      await server.stop();
      await db.drop();
    },
  };
}

/** A dashboard account with one fresh API key on this instance's database; returns the plaintext key. */
export async function newApiKey(app: OpsApp): Promise<{ key: string; keyId: string }> {
  const email = `ops-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await createUser(app.server.db.sql, { email, password: "correct horse battery staple" });
  const created = await issueApiKey(app.server.db.sql, user!.id, "ops test");
  return { key: created.key, keyId: created.id };
}

/** GET over HTTP, the answer checked against the contract for /api/agents paths. */
export async function get(app: { url: string }, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  const body = contentType?.includes("json") && text ? JSON.parse(text) : text;
  if (path.startsWith("/api/agents")) expectContractResponse("GET", path, res.status, contentType, body);
  return { status: res.status, headers: res.headers, body };
}

/** Runs `count` calls of `fn` with at most `concurrency` at a time; returns their results in order. */
export async function concurrently<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await fn(i);
      }
    }),
  );
  return results;
}
