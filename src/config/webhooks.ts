import { ConfigError, type Env, parseInteger } from "./parse.ts";

/** Webhooks of API keys (issue 21): where they may point and how their events are sent. */
export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE=1: webhook URLs may use http: and point at private, loopback,
   * link-local and other special-use addresses. For development and tests; off in production,
   * where it would let any key holder make this server call inside its own network.
   */
  allowPrivate: boolean;
  /** How often the sender looks for events due (WEBHOOK_INTERVAL_MS); a status change also wakes it. */
  intervalMs: number;
  /** Wait after a failed delivery (WEBHOOK_RETRY_BASE_MS), doubled per further failure up to an hour, for 24 hours. */
  retryBaseMs: number;
  /** How long one POST may take, connecting included (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
}

export function loadWebhookConfig(env: Env): WebhookConfig {
  const allow = (env.WEBHOOK_ALLOW_PRIVATE?.trim() || "0").toLowerCase();
  if (!["0", "1", "true", "false"].includes(allow)) {
    throw new ConfigError(`WEBHOOK_ALLOW_PRIVATE must be 1 or 0, got "${env.WEBHOOK_ALLOW_PRIVATE}"`);
  }
  return {
    allowPrivate: allow === "1" || allow === "true",
    intervalMs: parseInteger("WEBHOOK_INTERVAL_MS", env.WEBHOOK_INTERVAL_MS, 2_000, 10, 3_600_000),
    retryBaseMs: parseInteger("WEBHOOK_RETRY_BASE_MS", env.WEBHOOK_RETRY_BASE_MS, 30_000, 10, 3_600_000),
    timeoutMs: parseInteger("WEBHOOK_TIMEOUT_MS", env.WEBHOOK_TIMEOUT_MS, 10_000, 100, 60_000),
  };
}
