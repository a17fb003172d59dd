import type postgres from "postgres";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { withoutActionTokens } from "./action-tokens.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";

/**
 * How long a sender owns a claimed row. It must outlast one send (MAIL_TIMEOUT_MS per SMTP phase,
 * at most a minute each), so no second sender ever picks a row that is still being sent; a sender
 * that died with a claim gives its row back when the lease runs out.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface ClaimedMail {
  id: string;
  message: OutgoingMail;
  attempts: number;
}

export interface DeliveryDeps {
  sql: Sql;
  mailer: Mailer;
  log: Logger;
  /** First wait after a failure; doubled per further failure up to an hour. */
  retryBaseMs: number;
  /** Told of every attempt's outcome (the e-mail metrics). */
  onAttempt?: (sent: boolean) => void;
}

/**
 * Adds an e-mail to the outbox (call it in the transaction that records what it is about).
 * `claimed` hands the row straight to the caller, who sends it after commit: the worker leaves it
 * alone for the lease, so the immediate send and the worker can never both send it.
 */
export async function enqueueMail(
  sql: Sql,
  inquiryId: string | null,
  message: OutgoingMail,
  claimed: boolean,
): Promise<ClaimedMail> {
  const lease = claimed ? CLAIM_LEASE_MS : 0;
  const [row] = await sql<{ id: string }[]>`
    insert into outbox (inquiry_id, message, next_attempt_at)
    values (${inquiryId}, ${sql.json(message as unknown as postgres.JSONValue)}, now() + ${lease} * interval '1 millisecond')
    returning id`;
  return { id: row.id, message, attempts: 0 };
}

/**
 * Claims up to `limit` e-mails that are due, skipping rows another sender has locked, and leases
 * them to the caller. Safe with any number of workers on any number of instances.
 */
export async function claimDueMail(sql: Sql, limit: number): Promise<ClaimedMail[]> {
  return await sql<ClaimedMail[]>`
    update outbox set next_attempt_at = now() + ${CLAIM_LEASE_MS} * interval '1 millisecond'
    where id in (
      select id from outbox
      where sent_at is null and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning id, message, attempts`;
}

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(attempts - 1, 30), MAX_BACKOFF_MS);
}

/**
 * Sends one claimed e-mail and records the outcome: `sent_at` (and the inquiry `delivered`) on
 * success, otherwise the error and the time of the next try. Returns whether the SMTP server accepted it. Never throws for a
 * failed send; the row simply stays in the outbox.
 */
export async function deliverClaimed(deps: DeliveryDeps, mail: ClaimedMail): Promise<boolean> {
  const attempts = mail.attempts + 1;
  try {
    await deps.mailer.send(mail.message);
  } catch (error) {
    const lastError = (error as Error).message;
    const wait = backoffMs(attempts, deps.retryBaseMs);
    deps.onAttempt?.(false);
    deps.log.warn("e-mail not sent; will retry", { outbox_id: mail.id, attempts, retry_in_ms: wait, error: lastError });
    await deps.sql`
      update outbox set attempts = ${attempts}, last_error = ${lastError},
                        next_attempt_at = case when next_attempt_at = 'infinity' then next_attempt_at
                                               else now() + ${wait} * interval '1 millisecond' end
      where id = ${mail.id} and sent_at is null`; // an inquiry that expired meanwhile stays withdrawn
    return false;
  }
  // One statement: the row is marked sent and its inquiry delivered (only from pending) together.
  // The stored copy loses its action tokens: they were needed only until the server took it.
  const stored = withoutActionTokens(mail.message) as unknown as postgres.JSONValue;
  await deps.sql`
    with sent as (
      update outbox set attempts = ${attempts}, last_error = null, sent_at = now(), message = ${deps.sql.json(stored)}
      where id = ${mail.id} returning inquiry_id)
    update inquiries set status = 'delivered', status_changed_at = now()
    where id = (select inquiry_id from sent) and status = 'pending'`;
  deps.onAttempt?.(true);
  deps.log.info("e-mail sent", { outbox_id: mail.id, attempts });
  return true;
}

/** E-mails not yet accepted by the SMTP server (for metrics and health). */
export async function outboxDepth(sql: Sql): Promise<number> {
  const [{ n }] = await sql<
    { n: number }[]
  >`select count(*)::int as n from outbox where sent_at is null and next_attempt_at <> 'infinity'`;
  return n;
}
