import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";
import { lockDataDir } from "./lock.ts";
import { loadPgliteAssets } from "./pglite-assets.ts";
import { embeddedPgdataTemplate, extractPgdataTemplate, hasCluster } from "./pgdata-template.ts";
import { checkoutPgdataTemplate } from "./pgdata-template-cache.ts";

/** What a data function needs: the pool or a transaction, so one function runs in either. */
export type Sql = postgres.ISql;
/** The pool itself: it can also begin transactions and end. */
export type Pool = postgres.Sql;

export interface Database {
  sql: Pool;
  kind: "embedded" | "server";
  /** Connection slots the pool may open (1 on the embedded database). */
  poolSize: number;
  /**
   * Statements sent through `sql` so far, when opened with `countStatements` (else null): what
   * proves a remembered answer costs none (test/channel.test.ts).
   */
  statementsSent: (() => number) | null;
  /** Where the shared channel hears notifications (src/db/channel.ts). */
  notifications: NotificationSource;
  close(): Promise<void>;
}

/**
 * A PostgreSQL server's notifications are heard on a connection of their own, made from `url`.
 * The embedded database is one backend for the one process: a LISTEN there hears every NOTIFY,
 * delivered to whichever client ran the writing statement (the pool over the socket, or PGlite
 * itself), and `listen` routes both to the handler.
 */
export type NotificationSource =
  | { kind: "server"; url: string }
  | { kind: "embedded"; listen(name: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> };

export interface DatabaseOptions {
  /** A PostgreSQL server; null starts the embedded database in dataDir. */
  databaseUrl: string | null;
  /** Directory of the embedded database, or "memory://" for a throwaway one (tests). */
  dataDir: string;
  /** Server pool size (default 10). */
  max?: number;
  /**
   * Count the statements sent (Database.statementsSent), through postgres.js's `debug` hook. Off by
   * default: with it, postgres.js captures a stack trace for every query and makes its errors carry
   * the statement's text and parameters as enumerable properties.
   */
  countStatements?: boolean;
}

const ignoreNotices = () => {};

/**
 * Settings for every session. The directory's working set is cached, so random reads cost about
 * what sequential ones do: with the default random_page_cost of 4 the planner scanned all of
 * `experts` for `like '%lawyer%'` (21 ms on 20k experts) instead of using the trigram index (3 ms).
 * Plans are left to PostgreSQL's own choice (plan_cache_mode auto): lookups by key go generic
 * after a few executions and stop paying for planning, and the search statements, whose generic
 * plan is dangerous, are sent unnamed so they are planned with their values every time
 * (src/search/custom-plan.ts).
 *
 * JIT off: PostgreSQL 11+ compiles a statement with LLVM when its estimated cost passes
 * jit_above_cost (100,000), which pays for queries that run for seconds, not for ours. No search
 * statement passes it at 100k experts (the dearest 16,000), but one that did would pay 50–100 ms of
 * compiling (65–176 functions) for a statement that runs in 5–60 ms (docs/operations.md). PGlite
 * has no JIT; the setting is accepted there and changes nothing.
 */
const SESSION_SETTINGS = { random_page_cost: "1.1", jit: "off" } as const;

/**
 * Opens the database every feature talks to through the same postgres.js `sql`: a PostgreSQL
 * server when a URL is given, otherwise PGlite served on a loopback port by pglite-socket.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolSize = options.max ?? 10;
    const counted = statementCounter(options);
    const sql = postgres(options.databaseUrl, {
      ...counted.options,
      max: poolSize,
      onnotice: ignoreNotices,
      // The pid lets /metrics count this process's own connections in pg_stat_activity.
      connection: { ...SESSION_SETTINGS, application_name: `expert-directory/${process.pid}` },
    });
    return {
      sql,
      kind: "server",
      poolSize,
      statementsSent: counted.sent,
      notifications: { kind: "server", url: options.databaseUrl },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  return openEmbedded(options.dataDir, statementCounter(options));
}

function statementCounter(options: DatabaseOptions) {
  if (!options.countStatements) return { options: {}, sent: null };
  let statements = 0;
  return { options: { debug: () => void statements++ }, sent: () => statements };
}

/**
 * Server settings of the embedded database. PostgreSQL's default 128 MB of shared buffers is memory
 * PGlite zeroes inside its wasm heap at start, so each MB of it is a MB of resident memory from the
 * first second (issue 13: 272 MiB after start with 128 MB, 166 MiB with 32 MB). 32 MB holds the demo
 * directory and a few thousand experts many times over; the data files themselves stay in the
 * kernel's page cache, so a buffer miss costs a copy, not a disk read. A directory that outgrows it
 * belongs on a PostgreSQL server (DATABASE_URL).
 */
const EMBEDDED_SERVER_SETTINGS = ["-c", "shared_buffers=32MB"];

async function openEmbedded(dataDir: string, counted: ReturnType<typeof statementCounter>): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  let assets: Awaited<ReturnType<typeof loadPgliteAssets>> | undefined;
  try {
    // A new data directory starts from the cluster the build made (see pgdata-template.ts), or from
    // a checkout the one cached for its PGlite (pgdata-template-cache.ts), not from PGlite's own
    // initdb in this process, which held ~600 MB more at its peak. Written before PGlite loads,
    // so the unpacked tarball is collected before the wasm heap exists.
    const template =
      inMemory || hasCluster(dataDir) ? null : (embeddedPgdataTemplate() ?? (await checkoutPgdataTemplate()));
    if (template) {
      await extractPgdataTemplate(template, dataDir);
      Bun.gc(true);
    }
    assets = await loadPgliteAssets();
    const { cleanup, ...pgliteOptions } = assets;
    const pglite = await PGlite.create({
      dataDir,
      ...pgliteOptions,
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SERVER_SETTINGS],
    });
    // PGlite is one backend session for its whole life and ignores startup parameters, so the
    // session settings the server gets per connection are set here once.
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) await pglite.exec(`set ${name} = ${value}`);
    const socket = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1" });
    await socket.start();
    const [host, port] = socket.getServerConn().split(":");
    // A NOTIFY sent by a statement of the pool reaches the pool's connection (pglite-socket passes
    // the backend's protocol through), not PGlite's own listeners: both are routed to `handlers`.
    const handlers = new Map<string, Set<(payload: string) => void>>();
    const dispatch = (name: string, payload: string) => {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    };
    // PGlite runs one query at a time; a pool of one keeps transactions on the one session.
    const sql = postgres({
      ...counted.options,
      host,
      port: Number(port),
      user: "postgres",
      database: "postgres",
      max: 1,
      onnotice: ignoreNotices,
      // Not in postgres.js's types, but an option it reads (its own sql.listen uses it).
      ...({ onnotify: dispatch } as object),
    });
    return {
      sql,
      kind: "embedded",
      poolSize: 1,
      statementsSent: counted.sent,
      notifications: {
        kind: "embedded",
        async listen(name, onNotify) {
          let set = handlers.get(name);
          if (!set) handlers.set(name, (set = new Set()));
          set.add(onNotify);
          const unlisten = await pglite.listen(name, onNotify);
          return async () => {
            set.delete(onNotify);
            await unlisten();
          };
        },
      },
      async close() {
        await sql.end({ timeout: 5 });
        await socket.stop();
        await pglite.close();
        cleanup();
        releaseLock();
      },
    };
  } catch (error) {
    assets?.cleanup();
    releaseLock();
    throw error;
  }
}
