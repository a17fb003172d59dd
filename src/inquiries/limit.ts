import type { Sql } from "../db/connect.ts";

/** Inquiries one account (all its API keys together) may send to one expert within WINDOW_HOURS. */
export const INQUIRY_LIMIT = 5;
export const WINDOW_HOURS = 24;

// First half of the two-key advisory lock: a namespace of its own, apart from other locks.
const LOCK_SPACE = 720_514_004;

/**
 * Serialises inquiries of one (account, expert) pair for the rest of the caller's transaction,
 * then counts that pair's inquiries in the window, through every key the account has ever held:
 * counting per key let an account rotate keys (revoke, create) and send 50+ a day. A key belongs
 * to one account, so this also holds each key to 5. Returns null when one more is allowed, or the
 * whole seconds (at least 1) until the oldest inquiry that keeps the count at the limit leaves the
 * window. Holding the lock until commit is what keeps 20 racing requests at exactly 5.
 */
export async function inquiryLimitExceeded(sql: Sql, userId: string, expertId: string): Promise<number | null> {
  await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${userId}::text || ':' || ${expertId}::text))`;
  const [row] = await sql<{ retry_after: number }[]>`
    select greatest(1, ceil(extract(epoch from (i.created_at + ${WINDOW_HOURS} * interval '1 hour' - now()))))::int as retry_after
    from inquiries i
    where i.api_key_id in (select id from api_keys where user_id = ${userId})
      and i.expert_id = ${expertId}
      and i.created_at > now() - ${WINDOW_HOURS} * interval '1 hour'
    order by i.created_at desc
    offset ${INQUIRY_LIMIT - 1} limit 1`;
  return row ? row.retry_after : null;
}
