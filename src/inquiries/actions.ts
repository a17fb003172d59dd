import { sha256Hex } from "../crypto.ts";
import type { Pool, Sql } from "../db/connect.ts";
import type { InquiryAction } from "./action-tokens.ts";
import { isActionToken } from "./action-tokens.ts";
import { type InquiryState, moveInquiry, OPEN_STATES } from "./states.ts";

export const DECLINE_REASON_MAX = 500;

/** What a link's page needs to know: the action, whether it can still be used, and about whom. */
export interface ActionLink {
  action: InquiryAction;
  /** ready: unused and unexpired; used: already followed; expired: past its time. */
  usable: "ready" | "used" | "expired";
  status: InquiryState;
  requesterName: string;
  createdAt: Date;
  /** The expert's languages (lower-case primary subtags), to speak the expert's language. */
  expertLanguages: string[];
}

interface LinkRow {
  action: InquiryAction;
  used: boolean;
  expired: boolean;
  status: InquiryState;
  requester_name: string;
  created_at: Date;
  language_subtags: string[];
}

async function findLink(sql: Sql, token: string, lock: boolean): Promise<ActionLink | null> {
  if (!isActionToken(token)) return null;
  const [row] = await sql<LinkRow[]>`
    select t.action, t.used_at is not null as used, t.expires_at <= now() as expired,
           i.status, i.requester_name, i.created_at, e.language_subtags
    from inquiry_action_tokens t
    join inquiries i on i.id = t.inquiry_id
    join experts e on e.id = i.expert_id
    where t.token_hash = ${sha256Hex(token)}
    ${lock ? sql`for update of t` : sql``}`;
  if (!row) return null;
  return {
    action: row.action,
    usable: row.used ? "used" : row.expired ? "expired" : "ready",
    status: row.status,
    requesterName: row.requester_name,
    createdAt: row.created_at,
    expertLanguages: row.language_subtags,
  };
}

/** The link behind a token, read only: what a GET (or a mail scanner's prefetch) may do. */
export function readActionLink(sql: Sql, token: string): Promise<ActionLink | null> {
  return findLink(sql, token, false);
}

export type ActionOutcome =
  | { kind: "unknown" }
  /** The link was used before, or expired: nothing changed. */
  | { kind: "unusable"; link: ActionLink }
  /** The link worked: the inquiry moved, or the expert now accepts no inquiries. */
  | { kind: "done"; link: ActionLink }
  /** The link was spent but the inquiry had already moved on (answered, declined or expired). */
  | { kind: "too-late"; link: ActionLink };

/**
 * Follows a link (the confirming POST), in one transaction: the token row is locked, checked
 * (unused, unexpired), spent, and its action done. acknowledge and decline move the inquiry
 * only from pending or delivered (moveInquiry); opt_out sets the expert's accepting_clients
 * off, which bumps the directory version (sql/005) so every cached answer and ETag follows.
 * `reason` (decline only) is checked by the caller.
 */
export async function useActionLink(
  sql: Pool,
  token: string,
  reason: string | null,
  only?: InquiryAction,
): Promise<ActionOutcome> {
  return await sql.begin(async (tx): Promise<ActionOutcome> => {
    const link = await findLink(tx, token, true);
    if (!link || (only && link.action !== only)) return { kind: "unknown" };
    if (link.usable !== "ready") return { kind: "unusable", link };
    const [{ inquiry_id }] = await tx<{ inquiry_id: string }[]>`
      update inquiry_action_tokens set used_at = now() where token_hash = ${sha256Hex(token)} returning inquiry_id`;
    if (link.action === "opt_out") {
      await tx`
        update experts set accepting_clients = false, updated_at = now()
        where id = (select expert_id from inquiries where id = ${inquiry_id}) and accepting_clients is distinct from false`;
      return { kind: "done", link };
    }
    const to: InquiryState = link.action === "acknowledge" ? "acknowledged" : "declined";
    const moved = await moveInquiry(tx, inquiry_id, to, OPEN_STATES, link.action === "decline" ? reason : null);
    return moved ? { kind: "done", link: { ...link, status: to } } : { kind: "too-late", link };
  });
}
