import type { MailConfig } from "../config.ts";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "./mailer.ts";
import { startInquiryExpiry } from "./expiry.ts";
import { outboxDepth } from "./outbox.ts";
import { startOutboxWorker } from "./worker.ts";

export interface InquiryTimers {
  /** INQUIRY_EXPIRY_DAYS. */
  expiryDays: number;
  /** What the expiry sweep takes for now (default the system clock; tests move it ahead). */
  clock?: () => Date;
}

/**
 * Starts the background work on inquiries after the server listens, in the one process that
 * sends (alone, or a cluster's primary): the expiry sweep, always, and delivery of the outbox,
 * saying at start where mail goes (credentials removed) or that it is off. Without SMTP_URL no
 * sender runs and e-mails wait in the outbox until a restart with SMTP_URL set sends them.
 */
export async function startMailDelivery(
  mailer: Mailer,
  config: MailConfig,
  sql: Sql,
  log: Logger,
  timers: InquiryTimers,
  onAttempt?: (sent: boolean) => void,
): Promise<{ stop(): Promise<void> }> {
  const expiry = startInquiryExpiry({
    sql,
    log,
    days: timers.expiryDays,
    tickMs: config.outboxIntervalMs,
    clock: timers.clock ?? (() => new Date()),
  });
  if (!mailer.configured) {
    const waiting = await outboxDepth(sql).catch(() => null);
    log.warn("SMTP_URL is not set: inquiry e-mails are kept in the outbox and not sent", { outbox_pending: waiting });
    return { stop: () => expiry.stop() };
  }
  log.info("mail delivery", { smtp: mailer.description, from: config.from });
  const worker = startOutboxWorker({
    sql,
    mailer,
    log,
    retryBaseMs: config.retryBaseMs,
    intervalMs: config.outboxIntervalMs,
    onAttempt,
  });
  return { stop: () => Promise.all([worker.stop(), expiry.stop()]).then(() => {}) };
}
