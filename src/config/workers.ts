import { availableParallelism } from "node:os";
import { ConfigError, type Env } from "./parse.ts";

/** How many processes serve HTTP on the one port (src/cluster/). */
export interface WorkersConfig {
  /** 1 serves in this process; more starts a primary that runs that many worker processes. */
  workers: number;
}

// Far beyond any core count we expect; a typo such as 1000 should not start a thousand processes.
const MAX_WORKERS = 256;

/**
 * WORKERS: a whole number from 1, default the number of cores on a PostgreSQL server and 1 on the
 * embedded database. The embedded database refuses more than 1: PGlite is one PostgreSQL session
 * owned by one process, and pglite-socket interleaves its clients message by message, so several
 * workers on it would share one session's prepared statements, settings and transactions.
 */
export function loadWorkersConfig(env: Env, databaseUrl: string | null): WorkersConfig {
  const raw = env.WORKERS?.trim();
  if (!raw) return { workers: databaseUrl ? Math.min(availableParallelism(), MAX_WORKERS) : 1 };
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_WORKERS) {
    throw new ConfigError(
      `WORKERS must be a whole number from 1 to ${MAX_WORKERS} (processes serving HTTP), got "${env.WORKERS}"`,
    );
  }
  if (n > 1 && !databaseUrl) {
    throw new ConfigError(
      `WORKERS=${n} needs DATABASE_URL: the embedded database is one session owned by one process, so it serves with 1 worker. ` +
        `Set DATABASE_URL to a PostgreSQL server to run several workers, or leave WORKERS unset.`,
    );
  }
  return { workers: n };
}
