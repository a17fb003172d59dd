import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";

/** Where an inquiry is (contract: InquiryStatus.status; sql/019). */
export type InquiryState = components["schemas"]["InquiryStatus"]["status"];

/** States in which the expert has not acted yet: the only ones an inquiry moves on from. */
export const OPEN_STATES: readonly InquiryState[] = ["pending", "delivered"];

/**
 * Moves one inquiry to `to` if it is in one of `from`, in one UPDATE, so two racing changes (a
 * click and the expiry sweep, two clicks) cannot both win: the loser matches no row. Every change
 * of state goes through `inquiries.status` (triggers on it announce the change) and stamps
 * `status_changed_at`. Returns whether it moved.
 */
export async function moveInquiry(
  sql: Sql,
  id: string,
  to: InquiryState,
  from: readonly InquiryState[],
  declineReason: string | null = null,
): Promise<boolean> {
  const rows = await sql`
    update inquiries set status = ${to}, status_changed_at = now(),
                         decline_reason = ${to === "declined" ? declineReason : null}
    where id = ${id} and status in ${sql(from as InquiryState[])}
    returning 1`;
  return rows.length === 1;
}
