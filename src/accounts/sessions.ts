import type { Sql } from "../db/connect.ts";
import { sha256Hex } from "../crypto.ts";
import { type User, toUser } from "./users.ts";

/**
 * Browser sessions. The token is 32 random bytes (256 bits) sent as a base64url cookie; the
 * database keeps only its SHA-256, so a leaked sessions table opens no session. The expiry slides:
 * a session lasts 30 days from its last use. It is pushed forward at most once an hour, so an
 * active dashboard does not write on every request.
 */
export const SESSION_COOKIE = "ed_session";
export const SESSION_DAYS = 30;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Starts a session for the user and returns the token for the cookie (never stored itself). */
export async function createSession(sql: Sql, userId: string): Promise<string> {
  const token = newSessionToken();
  // Expired sessions of anyone are removed here, so the table does not grow without bound.
  await sql`delete from sessions where expires_at < now()`;
  await sql`insert into sessions (token_hash, user_id, expires_at)
            values (${sha256Hex(token)}, ${userId}, now() + make_interval(days => ${SESSION_DAYS}))`;
  return token;
}

export interface SessionLookup {
  user: User;
  /** The expiry was pushed forward: the cookie's Max-Age should be renewed too. */
  renewed: boolean;
}

/** The user of a live session, or null for a missing, malformed, unknown or expired token. */
export async function findSession(sql: Sql, token: unknown): Promise<SessionLookup | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const [row] = await sql<{ id: string; email: string; created_at: Date; stale: boolean }[]>`
    select u.id, u.email, u.created_at,
           s.expires_at < now() + make_interval(days => ${SESSION_DAYS}) - interval '1 hour' as stale
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.expires_at > now()`;
  if (!row) return null;
  if (row.stale) {
    await sql`update sessions set expires_at = now() + make_interval(days => ${SESSION_DAYS})
              where token_hash = ${tokenHash}`;
  }
  return { user: toUser(row), renewed: row.stale };
}

export async function deleteSession(sql: Sql, token: unknown): Promise<void> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return;
  await sql`delete from sessions where token_hash = ${sha256Hex(token)}`;
}
