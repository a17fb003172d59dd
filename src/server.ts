import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { migrate } from "./db/migrate.ts";
import { seedDemo } from "./experts/seed-demo.ts";
import type { Logger } from "./log.ts";

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:3000 */
  url: string;
  db: Database;
  stop(): Promise<void>;
}

/** Opens the database the config names (embedded or server) and runs the migrations. */
export async function prepareDatabase(config: Config, log: Logger): Promise<{ db: Database; firstStart: boolean }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(db.sql);
    if (applied.length) log.info("migrations applied", { versions: applied });
    return { db, firstStart: applied.includes("001_experts") };
  } catch (error) {
    await db.close();
    throw error;
  }
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts the whole service: database, migrations, the demo directory on the first start of an
 * empty embedded database, then the HTTP server.
 */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  const { db, firstStart } = await prepareDatabase(config, log);
  if (firstStart && db.kind === "embedded") {
    const result = await seedDemo(db.sql);
    log.info("demo directory loaded into the new embedded database", result);
  }
  let baseUrl = config.publicBaseUrl ?? "";
  const app = createApp({ config, db, log, baseUrl: () => baseUrl });
  app.listen({ port: config.port, hostname: config.host });
  const port = app.server!.port;
  const url = `http://${hostForUrl(config.host)}:${port}`;
  baseUrl = config.publicBaseUrl ?? url;
  log.info("listening", { url, database: db.kind, public_base_url: baseUrl });
  return {
    url,
    db,
    async stop() {
      await app.stop();
      await db.close();
    },
  };
}
