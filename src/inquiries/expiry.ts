import type { Sql } from "../db/connect.ts";
import { isDatabaseUnavailable } from "../http/errors.ts";
import type { Logger } from "../log.ts";
import { pruneActionTokens } from "./action-tokens.ts";

const SWEEP_EVERY_MS = 60_000;
const BATCH = 500;

/**
 * Moves inquiries nobody acted on (pending or delivered) that were created `days` or more
 * before `now` to `expired`, oldest first, in batches (FOR UPDATE SKIP LOCKED, so a second
 * sweeper or a racing click is skipped, never waited on; the click's own UPDATE re-checks the
 * state). Returns how many expired.
 */
export async function expireInquiries(sql: Sql, now: Date, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    // An e-mail still unsent is never sent now: it would invite the expert to answer an inquiry
    // its agent was told is over. Its row stays (attempts, last error) with next_attempt_at at
    // infinity, which no claim reaches (claimDueMail) and the outbox depth does not count.
    const rows = await sql`
      with expired as (
        update inquiries set status = 'expired', status_changed_at = now()
        where id in (
          select id from inquiries
          where status in ('pending', 'delivered') and created_at <= ${now} - ${days} * interval '1 day'
          order by created_at
          limit ${BATCH}
          for update skip locked)
          and status in ('pending', 'delivered')
        returning id),
      withdrawn as (
        update outbox set next_attempt_at = 'infinity'
        where inquiry_id in (select id from expired) and sent_at is null
        returning 1)
      select (select count(*) from withdrawn)::int as withdrawn from expired`;
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

export interface ExpiryOptions {
  sql: Sql;
  log: Logger;
  /** INQUIRY_EXPIRY_DAYS. */
  days: number;
  /** How often to look at the clock; a sweep runs when a minute has passed on it. */
  tickMs: number;
  /** The time the sweep compares against (injected so a test can move it days ahead). */
  clock: () => Date;
}

/**
 * The expiry sweep's timer. Run it where the outbox has its one sender (alone, or a cluster's
 * primary): each tick reads the clock and sweeps once a minute of it has passed, then drops
 * action tokens long past their expiry.
 */
export function startInquiryExpiry(options: ExpiryOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function tick() {
    const now = options.clock();
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    const expired = await expireInquiries(options.sql, now, options.days);
    if (expired) options.log.info("inquiries expired", { count: expired, after_days: options.days });
    await pruneActionTokens(options.sql);
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(function expiryTick() {
      current = tick().catch((error) => {
        if (isDatabaseUnavailable(error))
          options.log.warn("inquiry expiry: database unavailable", { code: (error as { code: string }).code });
        else options.log.error("inquiry expiry failed", { error: String((error as Error)?.stack ?? error) });
      });
      void current.then(() => schedule(options.tickMs));
    }, delay);
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
