import type { components } from "../../generated/agents.ts";
import type { Pool, Sql } from "../db/connect.ts";
import { problem } from "../http/problem.ts";
import { generateWebhookSecret, SECRET_WARNING } from "./signature.ts";

type Webhook = components["schemas"]["Webhook"];
type WebhookCreated = components["schemas"]["WebhookCreated"];
type WebhookSecret = components["schemas"]["WebhookSecret"];
type WebhookDelivery = components["schemas"]["WebhookDelivery"];

/** How long the old secret signs beside the new one after a rotation. */
export const ROTATION_GRACE_HOURS = 24;
/** Deliveries shown with a webhook (the contract's maxItems). */
const SHOWN_DELIVERIES = 20;

/** Who manages a key's webhook: the account in the dashboard, or the key itself over the API. */
export type WebhookActor = { kind: "user"; userId: string } | { kind: "key"; keyId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function noSuchKey(keyId: string) {
  return problem(404, `No API key has the id "${keyId.slice(0, 64)}". List your keys with GET /api/agents/keys.`);
}

function noWebhook() {
  return problem(404, "This API key has no webhook. Register one with PUT /api/agents/keys/{id}/webhook.");
}

/**
 * Checks that `actor` may manage the webhook of `keyId` (an active key of the user's account, or
 * the very key presented): 404 no such (active) key, 403 someone else's.
 */
export async function authorizeKey(sql: Sql, actor: WebhookActor, keyId: string): Promise<void> {
  if (actor.kind === "key") {
    if (actor.keyId !== keyId)
      throw problem(
        403,
        "An API key can manage only its own webhook: use the id of the key in the Authorization header, or the dashboard.",
      );
    return;
  }
  if (!UUID.test(keyId)) throw noSuchKey(keyId);
  const [key] = await sql<
    { user_id: string }[]
  >`select user_id from api_keys where id = ${keyId} and revoked_at is null`;
  if (!key) throw noSuchKey(keyId);
  if (key.user_id !== actor.userId)
    throw problem(403, "This API key belongs to another account; only its owner can manage its webhook.");
}

interface WebhookRow {
  api_key_id: string;
  url: string;
  created_at: Date;
  updated_at: Date;
  previous_secret_expires_at: Date | null;
}

interface EventRow {
  id: string;
  type: WebhookDelivery["type"];
  inquiry_id: string;
  created_at: Date;
  attempts: number;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  failed_at: Date | null;
}

const iso = (d: Date) => d.toISOString();

/** The last events of a key, newest first, with how their delivery went. */
export async function recentDeliveries(sql: Sql, keyId: string): Promise<WebhookDelivery[]> {
  const rows = await sql<EventRow[]>`
    select id, type, data->>'inquiry_id' as inquiry_id, created_at, attempts, last_attempt_at,
           last_status_code, last_error, next_attempt_at, delivered_at, failed_at
    from webhook_events where api_key_id = ${keyId}
    order by created_at desc, id limit ${SHOWN_DELIVERIES}`;
  return rows.map((r) => {
    const state = r.delivered_at ? "delivered" : r.failed_at ? "failed" : "pending";
    return {
      event_id: r.id,
      type: r.type,
      inquiry_id: r.inquiry_id,
      created_at: iso(r.created_at),
      state,
      attempts: r.attempts,
      last_attempt_at: r.last_attempt_at && iso(r.last_attempt_at),
      last_status_code: r.last_status_code,
      last_error: r.last_error,
      next_attempt_at: state === "pending" ? iso(r.next_attempt_at) : null,
    };
  });
}

function toWebhook(row: WebhookRow, deliveries: WebhookDelivery[]): Webhook {
  const grace =
    row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()
      ? iso(row.previous_secret_expires_at)
      : null;
  return {
    key_id: row.api_key_id,
    url: row.url,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    previous_secret_expires_at: grace,
    deliveries,
  };
}

export async function getWebhook(sql: Sql, keyId: string): Promise<Webhook> {
  const [row] = await sql<WebhookRow[]>`
    select api_key_id, url, created_at, updated_at, previous_secret_expires_at from webhooks where api_key_id = ${keyId}`;
  if (!row) throw noWebhook();
  return toWebhook(row, await recentDeliveries(sql, keyId));
}

/**
 * Registers the webhook (`created`, with a new secret shown this once) or changes its URL (the
 * secret stays). `url` must already have passed checkWebhookUrl.
 */
export async function setWebhook(
  sql: Pool,
  keyId: string,
  url: string,
): Promise<{ created: true; webhook: WebhookCreated } | { created: false; webhook: Webhook }> {
  const secret = generateWebhookSecret();
  const [row] = await sql<(WebhookRow & { created: boolean })[]>`
    insert into webhooks (api_key_id, url, secret) values (${keyId}, ${url}, ${secret})
    on conflict (api_key_id) do update set url = excluded.url, updated_at = now()
    returning api_key_id, url, created_at, updated_at, previous_secret_expires_at, (xmax = 0) as created`;
  const webhook = toWebhook(row, await recentDeliveries(sql, keyId));
  return row.created
    ? { created: true, webhook: { ...webhook, secret, warning: SECRET_WARNING } }
    : { created: false, webhook };
}

/** Removes the webhook; its undelivered events stop (failed), so nothing more goes to the old URL. */
export async function deleteWebhook(sql: Pool, keyId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [gone] = await tx`delete from webhooks where api_key_id = ${keyId} returning api_key_id`;
    if (!gone) throw noWebhook();
    await tx`
      update webhook_events set failed_at = now(), last_error = 'the webhook was removed'
      where api_key_id = ${keyId} and delivered_at is null and failed_at is null`;
  });
}

/** A new secret; the current one signs beside it for ROTATION_GRACE_HOURS (an older one ends now). */
export async function rotateWebhookSecret(sql: Sql, keyId: string): Promise<WebhookSecret> {
  const secret = generateWebhookSecret();
  const [row] = await sql<{ previous_secret_expires_at: Date }[]>`
    update webhooks set previous_secret = secret, secret = ${secret},
      previous_secret_expires_at = now() + make_interval(hours => ${ROTATION_GRACE_HOURS}), updated_at = now()
    where api_key_id = ${keyId}
    returning previous_secret_expires_at`;
  if (!row) throw noWebhook();
  return { secret, warning: SECRET_WARNING, previous_secret_expires_at: iso(row.previous_secret_expires_at) };
}
