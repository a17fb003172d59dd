/**
 * The environment, read once into one typed object. A bad value stops the process at start with a
 * message naming the variable, instead of surfacing later as a confusing runtime failure.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Config {
  port: number;
  host: string;
  /** postgres:// URL of a PostgreSQL server; null means the embedded PGlite database. */
  databaseUrl: string | null;
  /** Data directory of the embedded database (ignored with databaseUrl). */
  dataDir: string;
  /** Base of profile_url / booking_url; null means "the address this server listens on". */
  publicBaseUrl: string | null;
  logLevel: LogLevel;
}

export class ConfigError extends Error {}

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

function parsePort(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return n;
}

function parseUrl(name: string, raw: string | undefined, protocols: string[]): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}`);
  }
  return raw.trim();
}

/** Reads the configuration from `env` (default `process.env`); throws ConfigError on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  }
  const publicBaseUrl = parseUrl("PUBLIC_BASE_URL", env.PUBLIC_BASE_URL, ["http:", "https:"]);
  return {
    port: parsePort("PORT", env.PORT, 3000),
    host: env.HOST?.trim() || "127.0.0.1",
    databaseUrl: parseUrl("DATABASE_URL", env.DATABASE_URL, ["postgres:", "postgresql:"]),
    dataDir: env.DATA_DIR?.trim() || "./data",
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, "") ?? null,
    logLevel,
  };
}
