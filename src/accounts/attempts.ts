import type { Pool } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { AttemptStore } from "./attempt-store.ts";
import { postgresAttempts } from "./attempts-postgres.ts";
import { redisAttempts } from "./attempts-redis.ts";

export interface AttemptStoreOptions {
  sql: Pool;
  log: Logger;
  /** REDIS_URL: the Redis the rate limits use; null counts in the database. */
  redisUrl: string | null;
  /** REDIS_PREFIX; the throttle's keys sit under `<prefix>login:`. */
  redisPrefix: string;
  /** Called each time Redis failed and the database counted the attempt (metrics). */
  onFallback?: () => void;
}

/**
 * The log-in throttle's store for one process, made once in the composition root: Redis when
 * REDIS_URL is set (the database while Redis is away), else the database. Either way every
 * worker and every instance shares one count per address and per account.
 */
export function createAttemptStore(options: AttemptStoreOptions): AttemptStore {
  const database = postgresAttempts(options.sql, options.log);
  if (!options.redisUrl) return database;
  return redisAttempts({
    url: options.redisUrl,
    prefix: `${options.redisPrefix}login:`,
    log: options.log,
    fallback: database,
    onFallback: options.onFallback,
  });
}
