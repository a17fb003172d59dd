/**
 * The environment, read once into one typed object that every module reads from. A bad value
 * stops the process at start with a ConfigError naming the variable, instead of surfacing later
 * as a confusing runtime failure. Each section of the schema lives in src/config/, which imports
 * nothing above it (only log.ts's LogLevel), so any module may read its settings from here.
 */
import { type BoundsConfig, loadBoundsConfig } from "./config/bounds.ts";
import { type DatabaseConfig, loadDatabaseConfig } from "./config/database.ts";
import { type DiscoveryConfig, loadDiscoveryConfig } from "./config/discovery.ts";
import { type InquiriesConfig, loadInquiriesConfig } from "./config/inquiries.ts";
import { type LimitsConfig, loadLimitsConfig } from "./config/limits.ts";
import { loadMailConfig, type MailConfig } from "./config/mail.ts";
import { loadMcpConfig, type McpConfig } from "./config/mcp.ts";
import type { Env } from "./config/parse.ts";
import { loadPasswordsConfig, type PasswordsConfig } from "./config/passwords.ts";
import { loadServerConfig, type ServerConfig } from "./config/server.ts";
import { loadWebhookConfig, type WebhookConfig } from "./config/webhooks.ts";
import { loadWorkersConfig, type WorkersConfig } from "./config/workers.ts";

export { ConfigError } from "./config/parse.ts";
export type { Budget, RateLimitSettings } from "./config/limits.ts";
export type { MailConfig } from "./config/mail.ts";
export type { TrustProxy } from "./config/proxy.ts";
export type { WebhookConfig } from "./config/webhooks.ts";

export interface Config
  extends ServerConfig,
    DatabaseConfig,
    LimitsConfig,
    McpConfig,
    DiscoveryConfig,
    WorkersConfig,
    BoundsConfig,
    InquiriesConfig,
    PasswordsConfig {
  /** E-mail delivery of inquiries (SMTP_URL, MAIL_FROM, timeouts, outbox worker pacing). */
  mail: MailConfig;
  /** Webhooks of API keys (WEBHOOK_ALLOW_PRIVATE, pacing and retries of their sender). */
  webhooks: WebhookConfig;
}

/** Reads the configuration from `env` (default `process.env`); throws ConfigError on a bad value. */
export function loadConfig(env: Env = process.env): Config {
  const server = loadServerConfig(env);
  const database = loadDatabaseConfig(env);
  return {
    ...server,
    ...loadLimitsConfig(env),
    ...loadMcpConfig(env),
    ...loadBoundsConfig(env),
    ...loadDiscoveryConfig(env),
    ...loadInquiriesConfig(env),
    ...loadPasswordsConfig(env),
    ...database,
    ...loadWorkersConfig(env, database.databaseUrl),
    mail: loadMailConfig(env, server.publicBaseUrl),
    webhooks: loadWebhookConfig(env),
  };
}
