// The one way the suites start the real app: on a random port, against a real database of their
// own (a copy of the run's migrated, seeded template: a database on TEST_DATABASE_URL's server, or
// a PGlite data directory; see template.ts), with its log captured. testApp() is the instance the
// suites share; startApp() gives a suite one of its own.
import type postgres from "postgres";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Pool } from "../../src/db/connect.ts";
import { createLogger, type Logger } from "../../src/log.ts";
import { type RunningServer, startServer } from "../../src/server.ts";
import { expectContractResponse } from "./contract.ts";
import { CHEAP_PASSWORD_HASH } from "./password-cost.ts";
import { cloneEmbedded, cloneOnServer, maintenanceSql, onDatabase } from "./template.ts";

export { onDatabase };

export interface TestDatabase {
  /** postgres://… of a server database; null: embedded (PGlite) in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
}

// Per server URL, its named database made sure of (once per test process).
const namedDatabases = new Map<string, Promise<void>>();

/** Creates the database `serverUrl` names when it is missing (README's `…/test` on a fresh server). */
async function createNamedDatabase(admin: postgres.Sql, serverUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(serverUrl).pathname.slice(1));
  if (!name) return;
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists) return;
  // Another test run may create it at the same moment: "already exists" is as good.
  await admin`create database ${admin(name)}`.catch((error) => {
    if (!["42P04", "23505"].includes(error.code)) throw error;
  });
}

/**
 * A connection to TEST_DATABASE_URL's server through its `postgres` maintenance database, which
 * every server has, to create and drop databases; the database the URL names is created first
 * when missing, so the URL works as given.
 */
async function maintenance(serverUrl: string): Promise<postgres.Sql> {
  const admin = maintenanceSql(serverUrl);
  if (!namedDatabases.has(serverUrl)) namedDatabases.set(serverUrl, createNamedDatabase(admin, serverUrl));
  try {
    await namedDatabases.get(serverUrl);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return admin;
}

/**
 * A database for this test process alone: a fresh database on TEST_DATABASE_URL's server (so
 * parallel runs never meet), or an in-memory PGlite. Returns its URL (null = embedded) and a dropper.
 * `serverUrl`: another server URL than TEST_DATABASE_URL (test/test-database.test.ts).
 * `demo`: a copy of the run's template instead, migrated and seeded (a PGlite data directory in a
 * temporary directory, or a server database created from the template database).
 */
export async function freshDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
  options: { demo?: boolean } = {},
): Promise<TestDatabase & { drop(): Promise<void> }> {
  if (!serverUrl) {
    if (!options.demo) return { databaseUrl: null, dataDir: "memory://", drop: async () => {} };
    const clone = await cloneEmbedded();
    return { databaseUrl: null, dataDir: clone.dataDir, drop: async () => clone.remove() };
  }
  const name = `ed_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await maintenance(serverUrl);
  try {
    if (options.demo) await cloneOnServer(admin, name);
    else await admin`create database ${admin(name)}`;
  } finally {
    await admin.end();
  }
  return {
    databaseUrl: onDatabase(serverUrl, name),
    dataDir: "memory://",
    async drop() {
      const admin = await maintenance(serverUrl);
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end();
    },
  };
}

export interface AppOptions {
  /** Environment over the defaults: LOG_LEVEL from TEST_LOG_LEVEL (else silent), RATE_LIMITS off, MAX_STREAMS_PER_CLIENT 1000, the cheapest password hash (support/password-cost.ts). */
  env?: Record<string, string>;
  /**
   * A database that outlives the app: neither seeded nor dropped here. Default: a fresh one,
   * dropped by stop().
   */
  database?: TestDatabase;
  /**
   * Start from a copy of the run's template, migrated and seeded with the demo directory (default
   * true); false: an empty server database, for suites that bring their own experts. (A new embedded
   * database seeds itself on first start, so on PGlite both are the template's copy.)
   */
  demo?: boolean;
  /** Count the statements the app sends (server.db.statementsSent), for suites that assert none. */
  countStatements?: boolean;
  /** The clock of the inquiry expiry sweep (ServeOptions.clock), for suites that move time ahead. */
  clock?: () => Date;
}

export interface TestApp {
  url: string;
  server: RunningServer;
  sql: Pool;
  kind: "embedded" | "server";
  /** What the instance runs with. */
  config: Config;
  /** Its logger, for parts a test runs beside it (their lines land in the same log). */
  log: Logger;
  /** Every log line the instance wrote at its LOG_LEVEL, parsed. */
  readonly logs: Record<string, any>[];
  /** The raw log text, to search for secrets. */
  rawLog(): string;
  /** The first log line matching, waiting briefly: request lines are written after the response is sent. */
  waitForLog(match: (line: Record<string, any>) => boolean): Promise<Record<string, any>>;
  /** Stops the server (again: the same promise) and drops the database it was given by freshDatabase(). */
  stop(): Promise<void>;
}

/**
 * Starts an instance of the app of the caller's own: for suites that change settings, trip
 * per-process counters (log-in throttling, rate limits) other suites must not inherit, read the
 * log, or stop the server.
 */
export async function startApp(options: AppOptions = {}): Promise<TestApp> {
  const fresh = options.database
    ? undefined
    : await freshDatabase(undefined, { demo: options.demo !== false || !process.env.TEST_DATABASE_URL });
  const database = options.database ?? fresh!;
  const config = {
    // Suites share one client address (127.0.0.1): the per-client stream cap is set out of their
    // way like the rate limits, and the suites of the bounds set their own (test/stream-bounds.test.ts).
    ...loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      RATE_LIMITS: "off",
      MAX_STREAMS_PER_CLIENT: "1000",
      ...CHEAP_PASSWORD_HASH,
      ...options.env,
    }),
    port: 0,
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  };
  const lines: string[] = [];
  // Captured for the suites that read it; also shown when a person asked for logs (TEST_LOG_LEVEL).
  const log = createLogger(config.logLevel, (line) => {
    lines.push(line);
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(line);
  });
  const server = await startServer(config, log, {
    countStatements: options.countStatements,
    clock: options.clock,
  }).catch(async (error) => {
    await fresh?.drop();
    throw error;
  });
  return {
    url: server.url,
    server,
    sql: server.db.sql,
    kind: server.db.kind,
    config,
    log,
    get logs() {
      return lines.map((l) => JSON.parse(l));
    },
    rawLog: () => lines.join(""),
    async waitForLog(match) {
      // A count of looks (≥ 30 s), not a deadline: a busy machine may write the line late.
      for (let i = 0; i < 1500; i++) {
        const found = lines.map((l) => JSON.parse(l)).find(match);
        if (found) return found;
        await Bun.sleep(20);
      }
      throw new Error("no such log line");
    },
    async stop() {
      await server.stop();
      await fresh?.drop();
    },
  };
}

let shared: Promise<TestApp> | undefined;

/** The app the suites share: started once per test process, with the demo directory loaded. */
export function testApp(): Promise<TestApp> {
  shared ??= startApp();
  return shared;
}

/**
 * Stops the shared app. A suite may call it in its own afterAll; a later suite of the same test
 * process then gets a new one from testApp() instead of the stopped one (which refuses connections).
 */
export async function stopTestApp() {
  const stopping = shared;
  shared = undefined;
  if (stopping) await (await stopping).stop();
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the shared app over HTTP and checks the answer against the contract (documented
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

/** GET on any app over HTTP, the answer checked against the contract for /api/agents paths. */
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
