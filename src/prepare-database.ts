import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { migrate } from "./db/migrate.ts";
import type { Logger } from "./log.ts";
import { prepareSearch } from "./search/prepare.ts";

/**
 * Opens the database the config names (embedded or server), runs the migrations and readies search.
 * Apart from server.ts so that the commands that only need the database (import, migrate, users,
 * vocabulary, seed) do not load the HTTP app: the importer starts ~30 MB lighter.
 */
export async function prepareDatabase(
  config: Config,
  log: Logger,
  options: { countStatements?: boolean } = {},
): Promise<{ db: Database }> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    countStatements: options.countStatements,
  });
  try {
    const applied = await migrate(db.sql);
    if (applied.length) log.info("migrations applied", { versions: applied });
    await prepareSearch(db.sql, log);
    return { db };
  } catch (error) {
    await db.close();
    throw error;
  }
}
