import { type Env, parseUrl } from "./parse.ts";

/** Which database: a PostgreSQL server, or the embedded one in a data directory. */
export interface DatabaseConfig {
  /** postgres:// URL of a PostgreSQL server; null means the embedded PGlite database. */
  databaseUrl: string | null;
  /** Data directory of the embedded database (ignored with databaseUrl). */
  dataDir: string;
}

export function loadDatabaseConfig(env: Env): DatabaseConfig {
  return {
    databaseUrl: parseUrl("DATABASE_URL", env.DATABASE_URL, ["postgres:", "postgresql:"]),
    dataDir: env.DATA_DIR?.trim() || "./data",
  };
}
