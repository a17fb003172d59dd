import type { MailConfig } from "../config.ts";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "./mailer.ts";
import { outboxDepth } from "./outbox.ts";
import { startOutboxWorker } from "./worker.ts";

/**
 * Starts background delivery of the outbox after the server listens, and says at start where mail
 * goes (credentials removed) or that it is off. Without SMTP_URL no worker runs and e-mails wait
 * in the outbox until a restart with SMTP_URL set sends them.
 */
export async function startMailDelivery(
  mailer: Mailer,
  config: MailConfig,
  sql: Sql,
  log: Logger,
  onAttempt?: (sent: boolean) => void,
): Promise<{ stop(): Promise<void> }> {
  if (!mailer.configured) {
    const waiting = await outboxDepth(sql).catch(() => null);
    log.warn("SMTP_URL is not set: inquiry e-mails are kept in the outbox and not sent", { outbox_pending: waiting });
    return { stop: async () => {} };
  }
  log.info("mail delivery", { smtp: mailer.description, from: config.from });
  const worker = startOutboxWorker({ sql, mailer, log, retryBaseMs: config.retryBaseMs, intervalMs: config.outboxIntervalMs, onAttempt });
  return { stop: () => worker.stop() };
}
