import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { problem } from "../http/problem.ts";
import type { KeyOwner } from "../keys/verify.ts";

export type InquiryStatus = components["schemas"]["InquiryStatus"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function inquiryNotFound(id: string) {
  return problem(
    404,
    `This account sent no inquiry with the id "${id.slice(0, 64)}". Use the inquiry_id that createInquiry returned, with an API key of the same account.`,
  );
}

interface Row {
  id: string;
  slug: string;
  status: InquiryStatus["status"];
  status_changed_at: Date;
  decline_reason: string | null;
  created_at: Date;
  attempts: number | null;
  sent_at: Date | null;
  next_attempt_at: Date | null;
}

/**
 * An inquiry sent by any key of `owner`'s account, its state (what the expert did) (revoked ones included: the account is the
 * sender), with its e-mail's delivery state read from the outbox row. Another account's
 * inquiry is the same 404 as one that does not exist, so ids reveal nothing. An id that is no
 * UUID cannot exist and is answered without asking the database.
 */
export async function getInquiryStatus(
  sql: Sql,
  owner: KeyOwner,
  id: string,
  urls: ExpertUrls,
): Promise<InquiryStatus> {
  if (!UUID.test(id)) throw inquiryNotFound(id);
  const [row] = await sql<Row[]>`
    select i.id, e.slug, i.status, i.status_changed_at, i.decline_reason, i.created_at, o.attempts, o.sent_at, o.next_attempt_at
    from inquiries i
    join api_keys k on k.id = i.api_key_id
    join experts e on e.id = i.expert_id
    left join lateral (select attempts, sent_at, nullif(next_attempt_at, 'infinity') as next_attempt_at from outbox
                       where inquiry_id = i.id order by id limit 1) o on true
    where i.id = ${id} and k.user_id = ${owner.userId}`;
  if (!row) throw inquiryNotFound(id);
  const attempts = row.attempts ?? 0;
  const state = row.sent_at ? "sent" : attempts > 0 ? "failed" : "queued";
  return {
    inquiry_id: row.id,
    status: row.status,
    status_changed_at: row.status_changed_at.toISOString(),
    decline_reason: row.decline_reason,
    expert_slug: row.slug,
    expert_profile_url: urls.profile(row.slug),
    booking_url: urls.booking(row.slug),
    created_at: row.created_at.toISOString(),
    email_sent: state === "sent",
    delivery: {
      state,
      attempts,
      sent_at: row.sent_at?.toISOString() ?? null,
      next_attempt_at: row.sent_at || !row.next_attempt_at ? null : row.next_attempt_at.toISOString(),
    },
  };
}
