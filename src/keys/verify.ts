import type { Sql } from "../db/connect.ts";
import type { KeyVerdict } from "../http/auth.ts";
import { problem } from "../http/problem.ts";
import { sha256Hex } from "../crypto.ts";
import { KEY_PATTERN } from "./api-key.ts";

/** The caller an API key belongs to. */
export interface KeyOwner {
  keyId: string;
  userId: string;
  userEmail: string;
  keyName: string;
}

export type KeyCheck =
  | { kind: "none" }
  | { kind: "valid"; owner: KeyOwner }
  | { kind: "invalid"; reason: "malformed" | "unknown" | "revoked" };

// A throwaway hash to look up when the header is malformed, so every presented key costs one
// hash and one index probe and timing does not tell a malformed key from an unknown one.
const NO_SUCH_KEY = sha256Hex("not a key");

/**
 * The one check of `Authorization: Bearer <key>` for every caller (REST, MCP, rate limits).
 * No header: "none". A header that is not a well-formed, known, active key: "invalid".
 * Keys are found by their SHA-256 only, never by prefix. `last_used_at` is refreshed at most
 * about once a minute per key, so heavy use does not turn every read into a write.
 */
export async function checkApiKey(sql: Sql, authorization: string | null | undefined): Promise<KeyCheck> {
  if (authorization === null || authorization === undefined || authorization.trim() === "") return { kind: "none" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  const key = match?.[1] ?? "";
  const wellFormed = KEY_PATTERN.test(key);
  const [row] = await sql<
    { id: string; user_id: string; email: string; name: string; revoked: boolean; stale: boolean }[]
  >`
    select k.id, k.user_id, u.email, k.name, k.revoked_at is not null as revoked,
           (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as stale
    from api_keys k join users u on u.id = k.user_id
    where k.key_hash = ${wellFormed ? sha256Hex(key) : NO_SUCH_KEY}`;
  if (!wellFormed) return { kind: "invalid", reason: "malformed" };
  if (!row) return { kind: "invalid", reason: "unknown" };
  if (row.revoked) return { kind: "invalid", reason: "revoked" };
  if (row.stale) {
    await sql`update api_keys set last_used_at = now()
              where id = ${row.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`;
  }
  return { kind: "valid", owner: { keyId: row.id, userId: row.user_id, userEmail: row.email, keyName: row.name } };
}

const REASONS = {
  malformed: "The Authorization header must be `Bearer edk_live_…` with a complete API key.",
  unknown: "This API key is not known. Check that it was copied whole, or create a new one in the dashboard.",
  revoked: "This API key has been revoked. Ask the account holder for a new key from the dashboard.",
} as const;

/** The 401 for a key that failed, saying which case it was (malformed, unknown, revoked). */
export function invalidKeyProblem(reason: keyof typeof REASONS) {
  return problem(401, REASONS[reason], { headers: { "www-authenticate": `Bearer error="invalid_token"` } });
}

export function missingKeyProblem() {
  return problem(
    401,
    "This operation needs an API key: send `Authorization: Bearer edk_live_…`. An account holder creates keys in the dashboard at /dashboard.",
    {
      headers: { "www-authenticate": "Bearer" },
    },
  );
}

/** The key check as the auth plugin takes it (src/http/auth.ts): an invalid key comes with its 401. */
export function keyVerifier(sql: Sql) {
  return async function verifyKey(authorization: string | null): Promise<KeyVerdict<KeyOwner>> {
    const check = await checkApiKey(sql, authorization);
    return check.kind === "invalid" ? { kind: "invalid", problem: invalidKeyProblem(check.reason) } : check;
  };
}
