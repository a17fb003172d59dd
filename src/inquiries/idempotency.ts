import type { Sql } from "../db/connect.ts";
import { sha256Hex } from "../crypto.ts";

/** JSON with object keys sorted at every level, so key order and spacing never change a hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

export type IdempotencyClaim =
  | { kind: "new" }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "mismatch" };

/**
 * Takes (API key, Idempotency-Key) for this request, in the caller's transaction. A record younger
 * than 24 hours means an earlier request already got an answer: replay it when the body is the same,
 * "mismatch" when it is not. A concurrent request with the same key waits on the primary key until
 * the first one commits (then replays it) or rolls back (then goes ahead itself).
 */
export async function claimIdempotencyKey(
  sql: Sql,
  apiKeyId: string,
  key: string,
  hash: string,
): Promise<IdempotencyClaim> {
  const [mine] = await sql`
    insert into idempotency_records (api_key_id, idempotency_key, request_hash)
    values (${apiKeyId}, ${key}, ${hash})
    on conflict (api_key_id, idempotency_key) do update
      set request_hash = excluded.request_hash, response_status = null, response_body = null, created_at = now()
      where idempotency_records.created_at <= now() - interval '24 hours'
    returning 1`;
  if (mine) return { kind: "new" };
  const [prior] = await sql<{ request_hash: string; response_status: number | null; response_body: unknown }[]>`
    select request_hash, response_status, response_body from idempotency_records
    where api_key_id = ${apiKeyId} and idempotency_key = ${key}`;
  // Committed records always carry their response; a missing one would be a bug, not a state.
  if (!prior || prior.response_status === null) throw new Error("idempotency record vanished or is incomplete");
  if (prior.request_hash !== hash) return { kind: "mismatch" };
  return { kind: "replay", status: prior.response_status, body: prior.response_body };
}

/** Stores the answer to replay; call it in the same transaction as the claim. */
export async function completeIdempotencyKey(
  sql: Sql,
  apiKeyId: string,
  key: string,
  status: number,
  body: object,
): Promise<void> {
  await sql`
    update idempotency_records set response_status = ${status}, response_body = ${sql.json(body as never)}
    where api_key_id = ${apiKeyId} and idempotency_key = ${key}`;
}

/** After the immediate send succeeded, a replay should say so too, as the first answer did. */
export async function recordEmailSent(sql: Sql, apiKeyId: string, key: string): Promise<void> {
  await sql`
    update idempotency_records set response_body = jsonb_set(response_body, '{email_sent}', 'true')
    where api_key_id = ${apiKeyId} and idempotency_key = ${key}`;
}

/** Drops records past their 24 hours; they would only be replaced anyway. */
export async function pruneIdempotencyRecords(sql: Sql): Promise<number> {
  const rows = await sql`delete from idempotency_records where created_at <= now() - interval '24 hours' returning 1`;
  return rows.length;
}
