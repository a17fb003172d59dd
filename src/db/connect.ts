import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";
import { lockDataDir } from "./lock.ts";
import { loadPgliteAssets } from "./pglite-assets.ts";

/** What a data function needs: the pool or a transaction, so one function runs in either. */
export type Sql = postgres.ISql;
/** The pool itself: it can also begin transactions and end. */
export type Pool = postgres.Sql;

export interface Database {
  sql: Pool;
  kind: "embedded" | "server";
  /** Connection slots the pool may open (1 on the embedded database). */
  poolSize: number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; null starts the embedded database in dataDir. */
  databaseUrl: string | null;
  /** Directory of the embedded database, or "memory://" for a throwaway one (tests). */
  dataDir: string;
  /** Server pool size (default 10). */
  max?: number;
}

const ignoreNotices = () => {};

/**
 * Opens the database every feature talks to through the same postgres.js `sql`: a PostgreSQL
 * server when a URL is given, otherwise PGlite served on a loopback port by pglite-socket.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolSize = options.max ?? 10;
    const sql = postgres(options.databaseUrl, {
      max: poolSize,
      onnotice: ignoreNotices,
      // Search patterns must be planned with their values: a generic plan for `ilike $1` walks
      // the whole rating index (measured: 218 ms instead of 0.2 ms on 100k experts).
      connection: { plan_cache_mode: "force_custom_plan", application_name: "expert-directory" },
    });
    return { sql, kind: "server", poolSize, close: () => sql.end({ timeout: 5 }) };
  }
  return openEmbedded(options.dataDir);
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  let assets: Awaited<ReturnType<typeof loadPgliteAssets>> | undefined;
  try {
    assets = await loadPgliteAssets();
    const { cleanup, ...pgliteOptions } = assets;
    const pglite = await PGlite.create({ dataDir, ...pgliteOptions });
    // PGlite is one backend session for its whole life and ignores startup parameters, so the
    // planner setting the server gets per connection is set here once.
    await pglite.exec("set plan_cache_mode = force_custom_plan");
    const socket = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1" });
    await socket.start();
    const [host, port] = socket.getServerConn().split(":");
    // PGlite runs one query at a time; a pool of one keeps transactions on the one session.
    const sql = postgres({
      host,
      port: Number(port),
      user: "postgres",
      database: "postgres",
      max: 1,
      onnotice: ignoreNotices,
    });
    return {
      sql,
      kind: "embedded",
      poolSize: 1,
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
