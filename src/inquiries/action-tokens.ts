import { randomBase62, sha256Hex } from "../crypto.ts";
import type { Sql } from "../db/connect.ts";

/** What a link of the inquiry e-mail does (sql/020). */
export type InquiryAction = "acknowledge" | "decline" | "opt_out";
export const INQUIRY_ACTIONS: readonly InquiryAction[] = ["acknowledge", "decline", "opt_out"];

/** How long a link works. Long enough for an expert back from holiday to opt out. */
export const ACTION_TOKEN_DAYS = 30;
/** The path of the links; the request log records only the route template, never the token. */
export const ACTION_PATH = "/inquiry-actions";

// 43 base62 characters: 256 bits from the system's CSPRNG.
const TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[0-9A-Za-z]{43}$/;

export type ActionLinks = Record<InquiryAction, string>;

/** Whether `value` can be a token at all (checked before any hashing or lookup). */
export function isActionToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/**
 * Makes the three links of one inquiry's e-mail in the caller's transaction: fresh random
 * tokens, of which only the SHA-256 is stored, bound to the inquiry and the action. The
 * plaintext exists only in the rendered e-mail (see withoutActionTokens).
 */
export async function mintActionLinks(sql: Sql, inquiryId: string, base: string): Promise<ActionLinks> {
  const tokens = INQUIRY_ACTIONS.map((action) => ({ action, token: randomBase62(TOKEN_LENGTH) }));
  // one statement; expires_at from the database's clock, like every comparison with it
  await sql`
    insert into inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
    select t.hash, ${inquiryId}, t.action, now() + ${ACTION_TOKEN_DAYS} * interval '1 day'
    from unnest(${tokens.map((t) => sha256Hex(t.token))}::text[], ${tokens.map((t) => t.action)}::text[]) as t(hash, action)`;
  return Object.fromEntries(
    tokens.map(({ action, token }) => [action, `${base}${ACTION_PATH}/${token}`]),
  ) as ActionLinks;
}

/**
 * The e-mail as the outbox keeps it once sent: every action token replaced, so the plaintext
 * links live in the database only while the e-mail waits to be accepted by the SMTP server.
 */
export function withoutActionTokens<T>(message: T): T {
  const pattern = new RegExp(`${ACTION_PATH}/[0-9A-Za-z]{${TOKEN_LENGTH}}`, "g");
  return JSON.parse(JSON.stringify(message).replace(pattern, `${ACTION_PATH}/sent`)) as T;
}

/** Drops tokens a week past their expiry (until then a click says "expired", not "unknown"). */
export async function pruneActionTokens(sql: Sql): Promise<number> {
  const rows = await sql`delete from inquiry_action_tokens where expires_at < now() - interval '7 days' returning 1`;
  return rows.length;
}
