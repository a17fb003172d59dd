import type { WebhookConfig } from "../config.ts";
import type { Channel } from "../db/channel.ts";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { systemResolver } from "./address-policy.ts";
import { startWebhookSender, type WebhookSender } from "./sender.ts";

/** The channel name a status change of an inquiry is notified on ("<inquiry id> <status>", sql/021). */
export const INQUIRY_STATUS_CHANNEL = "inquiry_status";

/**
 * Webhook delivery for a process that sends (one alone, or a cluster's primary). Made before the
 * channel starts, so a status change (notified at commit) wakes the sender at once; without a
 * channel the sender looks every WEBHOOK_INTERVAL_MS.
 */
export function webhookDelivery(deps: { sql: Sql; log: Logger; config: WebhookConfig; channel?: Channel }) {
  let sender: WebhookSender | undefined;
  deps.channel?.on(
    INQUIRY_STATUS_CHANNEL,
    () => sender?.wake(),
    () => sender?.wake(),
  );
  return {
    start(): void {
      sender ??= startWebhookSender({ sql: deps.sql, log: deps.log, config: deps.config, resolve: systemResolver });
    },
    async stop(): Promise<void> {
      await sender?.stop();
    },
  };
}
