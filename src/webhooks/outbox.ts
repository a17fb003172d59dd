import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { PostOptions, PostOutcome } from "./post.ts";
import { signatureHeader } from "./signature.ts";

/** How long a sender owns a claimed event: longer than any one POST (WEBHOOK_TIMEOUT_MS ≤ 60 s). */
export const EVENT_LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Retries stop this long after the event was made. */
export const RETRY_WINDOW_HOURS = 24;

export interface ClaimedEvent {
  id: string;
  api_key_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
  attempts: number;
  url: string | null;
  secret: string | null;
  previous_secret: string | null;
}

export interface EventDeliveryDeps {
  sql: Sql;
  log: Logger;
  /** First wait after a failure (WEBHOOK_RETRY_BASE_MS), doubled per further failure up to an hour. */
  retryBaseMs: number;
  /** POSTs one body (src/webhooks/post.ts postWebhook; tests may wrap it). */
  post: (url: string, headers: Record<string, string>, body: string, options: PostOptions) => Promise<PostOutcome>;
  postOptions: PostOptions;
  /** Seconds since the epoch for the signature's `t` (injected in tests). */
  nowSeconds?: () => number;
}

/**
 * Claims due events, skipping rows another sender holds (FOR UPDATE SKIP LOCKED), and leases them
 * with their webhook's URL and the secrets that sign now (none once the webhook is removed or the
 * key revoked: a revoked key's holder hears nothing more). Safe with any number of senders.
 */
export async function claimDueEvents(sql: Sql, limit: number): Promise<ClaimedEvent[]> {
  return await sql<ClaimedEvent[]>`
    with claimed as (
      update webhook_events set next_attempt_at = now() + ${EVENT_LEASE_MS} * interval '1 millisecond'
      where id in (
        select id from webhook_events
        where delivered_at is null and failed_at is null and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning id, api_key_id, type, data, created_at, attempts)
    select c.*, w.url, w.secret,
           case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret
    from claimed c
    left join webhooks w on w.api_key_id = c.api_key_id
      and exists (select 1 from api_keys k where k.id = w.api_key_id and k.revoked_at is null)`;
}

export function eventBackoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(attempts - 1, 30), MAX_BACKOFF_MS);
}

/** The body of an event: the same bytes on every attempt (the stored payload is fixed). */
export function eventBody(event: Pick<ClaimedEvent, "id" | "type" | "created_at" | "data">): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at.toISOString(),
    data: event.data,
  });
}

/**
 * Sends one claimed event, signed, and records the outcome: delivered on a 2xx, otherwise the
 * status or error and the next try, or failed once the next try would fall past the 24 hours.
 * Never throws for a failed POST. Returns whether it was delivered.
 */
export async function deliverEvent(deps: EventDeliveryDeps, event: ClaimedEvent): Promise<boolean> {
  const { sql, log } = deps;
  if (!event.url || !event.secret) {
    await sql`update webhook_events set failed_at = now(), last_error = 'the webhook was removed or its key revoked' where id = ${event.id}`;
    return false;
  }
  const attempts = event.attempts + 1;
  const body = eventBody(event);
  const t = deps.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
  const secrets = event.previous_secret ? [event.secret, event.previous_secret] : [event.secret];
  const headers = { "webhook-id": event.id, "webhook-signature": signatureHeader(secrets, t, body) };
  const outcome = await deps.post(event.url, headers, body, deps.postOptions);
  const host = new URL(event.url).host;
  if (outcome.error === null) {
    await sql`
      update webhook_events set attempts = ${attempts}, last_attempt_at = now(), last_status_code = ${outcome.status},
                                last_error = null, delivered_at = now()
      where id = ${event.id}`;
    log.info("webhook event delivered", {
      event_id: event.id,
      key_id: event.api_key_id,
      type: event.type,
      host,
      status: outcome.status,
      attempts,
    });
    return true;
  }
  const wait = eventBackoffMs(attempts, deps.retryBaseMs);
  const [row] = await sql<{ failed: boolean }[]>`
    update webhook_events set attempts = ${attempts}, last_attempt_at = now(), last_status_code = ${outcome.status},
      last_error = ${outcome.error.slice(0, 500)},
      next_attempt_at = now() + ${wait} * interval '1 millisecond',
      failed_at = case when now() + ${wait} * interval '1 millisecond' > created_at + make_interval(hours => ${RETRY_WINDOW_HOURS}) then now() end
    where id = ${event.id}
    returning failed_at is not null as failed`;
  log.warn(
    row?.failed ? "webhook event not delivered; retries stop (24 hours)" : "webhook event not delivered; will retry",
    {
      event_id: event.id,
      key_id: event.api_key_id,
      type: event.type,
      host,
      status: outcome.status,
      error: outcome.error,
      attempts,
      retry_in_ms: row?.failed ? null : wait,
    },
  );
  return false;
}

/** Events kept this long after they were made, for the dashboard's list; older ones are deleted. */
const KEEP_DAYS = 30;

export async function pruneEvents(sql: Sql): Promise<void> {
  await sql`delete from webhook_events where created_at < now() - make_interval(days => ${KEEP_DAYS}) and (delivered_at is not null or failed_at is not null)`;
}
