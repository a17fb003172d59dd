/**
 * The environment, read once into one typed object. A bad value stops the process at start with a
 * message naming the variable, instead of surfacing later as a confusing runtime failure.
 */
import { loadMcpConfig, type McpConfig } from "./mcp/config.ts";
import { loadOpsConfig, type OpsConfig } from "./ops/config.ts";
import { type DiscoveryConfig, loadDiscoveryConfig } from "./web/discovery-config.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

/** OpsConfig: rate limits, TRUST_PROXY, REDIS_URL, REDIS_PREFIX, SHUTDOWN_TIMEOUT (src/ops/config.ts). */
export interface Config extends OpsConfig, McpConfig, DiscoveryConfig {
  port: number;
  host: string;
  /** postgres:// URL of a PostgreSQL server; null means the embedded PGlite database. */
  databaseUrl: string | null;
  /** Data directory of the embedded database (ignored with databaseUrl). */
  dataDir: string;
  /** Base of profile_url / booking_url; null means "the address this server listens on". */
  publicBaseUrl: string | null;
  logLevel: LogLevel;
  /** E-mail delivery of inquiries (SMTP_URL, MAIL_FROM, timeouts, outbox worker pacing). */
  mail: MailConfig;
  /** Whether anyone may create a dashboard account (open) or only an operator via `users add` (closed). */
  signup: "open" | "closed";
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

export interface MailConfig {
  /** smtp:// or smtps:// URL, credentials included; null keeps every e-mail in the outbox. */
  smtpUrl: string | null;
  /** The From header, `Name <address>` or a bare address. */
  from: string;
  /** Connection, greeting and socket timeout of one SMTP send. */
  timeoutMs: number;
  /** How often the outbox worker looks for e-mails due for (another) try. */
  outboxIntervalMs: number;
  /** Wait after the first failed try; doubled after each further failure, capped at one hour. */
  retryBaseMs: number;
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

// `Name <local@domain>` or `local@domain`; no line breaks, so it can never split a header.
const MAIL_FROM_PATTERN = /^(?:[^<>\x00-\x1f\x7f]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function parseMail(env: Record<string, string | undefined>, publicBaseUrl: string | null): MailConfig {
  // The URL may carry a password: parseUrl's messages never echo the value.
  const smtpUrl = parseUrl("SMTP_URL", env.SMTP_URL, ["smtp:", "smtps:"]);
  const fallbackFrom = `Expert Directory <no-reply@${publicBaseUrl ? new URL(publicBaseUrl).hostname : "localhost"}>`;
  const from = env.MAIL_FROM?.trim() || fallbackFrom;
  if (!MAIL_FROM_PATTERN.test(from)) {
    throw new ConfigError(`MAIL_FROM must be an address like "Expert Directory <no-reply@example.com>", got "${env.MAIL_FROM}"`);
  }
  return {
    smtpUrl,
    from,
    timeoutMs: parseInteger("MAIL_TIMEOUT_MS", env.MAIL_TIMEOUT_MS, 5_000, 100, 60_000),
    outboxIntervalMs: parseInteger("OUTBOX_INTERVAL_MS", env.OUTBOX_INTERVAL_MS, 5_000, 10, 3_600_000),
    retryBaseMs: parseInteger("OUTBOX_RETRY_BASE_MS", env.OUTBOX_RETRY_BASE_MS, 30_000, 10, 3_600_000),
  };
}

/** Reads the configuration from `env` (default `process.env`); throws ConfigError on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  }
  const signup = (env.SIGNUP?.trim() || "open").toLowerCase();
  if (signup !== "open" && signup !== "closed") {
    throw new ConfigError(`SIGNUP must be open or closed, got "${env.SIGNUP}"`);
  }
  let ops: OpsConfig;
  let mcp: McpConfig;
  let discovery: DiscoveryConfig;
  try {
    ops = loadOpsConfig(env);
    mcp = loadMcpConfig(env);
    discovery = loadDiscoveryConfig(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const publicBaseUrl = parseUrl("PUBLIC_BASE_URL", env.PUBLIC_BASE_URL, ["http:", "https:"]);
  return {
    port: parsePort("PORT", env.PORT, 3000),
    host: env.HOST?.trim() || "127.0.0.1",
    databaseUrl: parseUrl("DATABASE_URL", env.DATABASE_URL, ["postgres:", "postgresql:"]),
    dataDir: env.DATA_DIR?.trim() || "./data",
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, "") ?? null,
    logLevel,
    ...ops,
    ...mcp,
    ...discovery,
    mail: parseMail(env, publicBaseUrl),
    signup: signup as Config["signup"],
  };
}
