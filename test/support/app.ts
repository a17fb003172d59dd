import postgres from "postgres";
import { loadConfig } from "../../src/config.ts";
import type { Pool } from "../../src/db/connect.ts";
import { prepareDatabase, startServer, type RunningServer } from "../../src/server.ts";
import { seedDemo } from "../../src/demo/seed.ts";
import { createLogger } from "../../src/log.ts";
import { expectContractResponse } from "./contract.ts";

export interface TestApp {
  url: string;
  sql: Pool;
  kind: "embedded" | "server";
  stop(): Promise<void>;
}

/**
 * A database for this test process alone: a fresh database on TEST_DATABASE_URL's server (so
 * parallel runs never meet), or an in-memory PGlite. Returns its URL (null = embedded) and a dropper.
 */
export async function freshDatabase(): Promise<{ databaseUrl: string | null; dataDir: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { databaseUrl: null, dataDir: "memory://", drop: async () => {} };
  const name = `ed_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: "memory://",
    async drop() {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let shared: Promise<TestApp> | undefined;

/** Starts the real app once per test process, on a random port, with the demo directory loaded. */
export function testApp(): Promise<TestApp> {
  shared ??= (async () => {
    const database = await freshDatabase();
    const config = {
      ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent", RATE_LIMITS: "off" }),
      port: 0,
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
    };
    const log = createLogger(config.logLevel);
    if (database.databaseUrl) {
      // The server seeds only a new embedded database by itself; a server database is seeded here.
      const prepared = await prepareDatabase(config, log);
      await seedDemo(prepared.db.sql);
      await prepared.db.close();
    }
    const server: RunningServer = await startServer(config, log);
    return {
      url: server.url,
      sql: server.db.sql,
      kind: server.db.kind,
      async stop() {
        await server.stop();
        await database.drop();
      },
    };
  })();
  return shared;
}

export async function stopTestApp() {
  if (shared) await (await shared).stop();
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the running app over HTTP and checks the answer against the contract (documented
 * status, body matching the schema) before the test sees it.
 */
export async function api<T = any>(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<ApiResponse<T>> {
  const app = await testApp();
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${app.url}${path}`, { method, headers, body });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  const parsed = contentType?.includes("json") && text ? JSON.parse(text) : text;
  if (path.startsWith("/api/agents") || path.startsWith("/api/auth")) {
    expectContractResponse(method, path, res.status, contentType, parsed);
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
