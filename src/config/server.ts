import { LOG_LEVELS, type LogLevel } from "../log.ts";
import { ConfigError, type Env, parsePort, parseUrl } from "./parse.ts";

/** How this process listens, logs, names itself to the world and shuts down. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Base of profile_url / booking_url; null means "the address this server listens on". */
  publicBaseUrl: string | null;
  logLevel: LogLevel;
  /** Whether anyone may create a dashboard account (open) or only an operator via `users add` (closed). */
  signup: "open" | "closed";
  /** How long SIGTERM waits for requests in flight before closing them (SHUTDOWN_TIMEOUT, seconds). */
  shutdownTimeoutMs: number;
}

export function loadServerConfig(env: Env): ServerConfig {
  const logLevel = (env.LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  }
  const signup = (env.SIGNUP?.trim() || "open").toLowerCase();
  if (signup !== "open" && signup !== "closed") {
    throw new ConfigError(`SIGNUP must be open or closed, got "${env.SIGNUP}"`);
  }
  const timeout = env.SHUTDOWN_TIMEOUT?.trim() || "10";
  if (!/^\d{1,4}(\.\d+)?$/.test(timeout))
    throw new ConfigError(`SHUTDOWN_TIMEOUT must be a number of seconds, got "${env.SHUTDOWN_TIMEOUT}"`);
  const publicBaseUrl = parseUrl("PUBLIC_BASE_URL", env.PUBLIC_BASE_URL, ["http:", "https:"]);
  return {
    port: parsePort("PORT", env.PORT, 3000),
    host: env.HOST?.trim() || "127.0.0.1",
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, "") ?? null,
    logLevel,
    signup,
    shutdownTimeoutMs: Math.round(Number(timeout) * 1000),
  };
}
