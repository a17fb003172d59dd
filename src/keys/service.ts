import type { components } from "../../generated/agents.ts";
import type { Pool, Sql } from "../db/connect.ts";
import { keyCreationLimitReached } from "../http/limit-messages.ts";
import { limitProblem, problem } from "../http/problem.ts";
import { generateApiKey } from "./api-key.ts";

type ApiKey = components["schemas"]["ApiKey"];
type ApiKeyCreated = components["schemas"]["ApiKeyCreated"];
type RevokedApiKey = components["schemas"]["RevokedApiKey"];

/** The spec's limit of active (not revoked) keys per account. */
export const MAX_ACTIVE_KEYS = 10;
/**
 * Keys an account may create per 24 hours, revoked ones included. Without it an account could
 * revoke and create keys without end; 20 leaves room for a person replacing every key twice.
 */
export const MAX_KEY_CREATIONS_PER_DAY = 20;
export const KEY_WARNING = "Copy this key now. It is shown only once and cannot be recovered.";

interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  user_id: string;
}

const iso = (d: Date) => d.toISOString();

/** The user's active keys, newest first, without any secret. */
export async function listApiKeys(sql: Sql, userId: string): Promise<ApiKey[]> {
  const rows = await sql<KeyRow[]>`
    select id, name, key_prefix, created_at, last_used_at from api_keys
    where user_id = ${userId} and revoked_at is null
    order by created_at desc, id desc`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    key_prefix: r.key_prefix,
    created_at: iso(r.created_at),
    last_used_at: r.last_used_at && iso(r.last_used_at),
  }));
}

/**
 * Issues a key and returns its plaintext, the only time it exists outside the caller's hands.
 * The user's row is locked first, so parallel creations queue up and count one after another:
 * the 10-key limit and the daily creation cap hold even when requests race. 409 at the active-key
 * limit; 429 with Retry-After once MAX_KEY_CREATIONS_PER_DAY keys were created in 24 hours.
 */
export async function issueApiKey(sql: Pool, userId: string, name: string): Promise<ApiKeyCreated> {
  const fresh = generateApiKey();
  return await sql.begin(async (tx) => {
    await tx`select id from users where id = ${userId} for update`;
    const [{ active }] = await tx<{ active: number }[]>`
      select count(*)::int as active from api_keys where user_id = ${userId} and revoked_at is null`;
    const [recent] = await tx<{ retry_after: number }[]>`
      select greatest(1, ceil(extract(epoch from (created_at + interval '24 hours' - now()))))::int as retry_after
      from api_keys where user_id = ${userId} and created_at > now() - interval '24 hours'
      order by created_at desc offset ${MAX_KEY_CREATIONS_PER_DAY - 1} limit 1`;
    if (recent) {
      throw limitProblem(keyCreationLimitReached(MAX_KEY_CREATIONS_PER_DAY, recent.retry_after));
    }
    if (active >= MAX_ACTIVE_KEYS) {
      throw problem(
        409,
        `You already have ${MAX_ACTIVE_KEYS} active API keys, the most allowed. Revoke one before creating another.`,
      );
    }
    const [row] = await tx<KeyRow[]>`
      insert into api_keys (user_id, name, key_hash, key_prefix)
      values (${userId}, ${name}, ${fresh.keyHash}, ${fresh.keyPrefix})
      returning id, name, key_prefix, created_at`;
    return {
      id: row.id,
      name: row.name,
      key_prefix: row.key_prefix,
      key: fresh.key,
      warning: KEY_WARNING,
      created_at: iso(row.created_at),
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes one of the user's keys; from the next request on, the key gets 401 everywhere.
 * 403 for another user's key (whatever its state), 404 for no such key, 409 if already revoked.
 */
export async function revokeApiKey(sql: Sql, userId: string, keyId: string): Promise<RevokedApiKey> {
  if (!UUID.test(keyId)) throw noSuchKey(keyId);
  const [row] = await sql<KeyRow[]>`
    with target as (select id, user_id, revoked_at from api_keys where id = ${keyId}),
    revoked as (
      update api_keys k set revoked_at = now()
      from target t
      where k.id = t.id and t.user_id = ${userId} and k.revoked_at is null
      returning k.id, k.name, k.key_prefix, k.created_at, k.revoked_at
    )
    select t.user_id, t.revoked_at as was_revoked, r.*
    from target t left join revoked r on true`;
  if (!row) throw noSuchKey(keyId);
  if (row.user_id !== userId)
    throw problem(403, "This API key belongs to another account; only its owner can revoke it.");
  if (!row.revoked_at) throw problem(409, "This API key is already revoked; nothing changed.");
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    created_at: iso(row.created_at),
    revoked_at: iso(row.revoked_at),
  };
}

function noSuchKey(keyId: string) {
  return problem(404, `No API key has the id "${keyId}". List your keys with GET /api/agents/keys.`);
}
