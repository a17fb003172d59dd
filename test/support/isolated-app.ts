import { loadConfig } from "../../src/config.ts";
import { seedDemo } from "../../src/demo/seed.ts";
import { createLogger } from "../../src/log.ts";
import { prepareDatabase, type RunningServer, startServer } from "../../src/server.ts";
import { freshDatabase } from "./app.ts";

/**
 * An app of the caller's own (not the shared testApp()), on a fresh database with the demo
 * loaded: for suites whose traffic trips per-process counters (log-in throttling) that other
 * suites in the same test process must not inherit.
 */
export async function isolatedApp(env: Record<string, string> = {}): Promise<RunningServer & { drop(): Promise<void> }> {
  const database = await freshDatabase();
  const config = {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent", RATE_LIMITS: "off", ...env }),
    port: 0,
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  };
  const log = createLogger(config.logLevel);
  if (database.databaseUrl) {
    const prepared = await prepareDatabase(config, log);
    await seedDemo(prepared.db.sql);
    await prepared.db.close();
  }
  const server = await startServer(config, log);
  return Object.assign(server, { drop: database.drop });
}
