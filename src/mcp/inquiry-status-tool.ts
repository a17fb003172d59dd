import type { HttpProblem } from "../http/problem.ts";
import { getInquiryStatus, type InquiryStatus } from "../inquiries/status.ts";
import { NO_KEY_TEXT } from "./submit-inquiry-tool.ts";
import { contractTool } from "./tool-registry.ts";
import { toolError, toolResult } from "./tool-result.ts";

// What each state means for the user; null: the delivery line says it (pending, delivered).
const STATUS_TEXT: Record<InquiryStatus["status"], (s: InquiryStatus) => string | null> = {
  pending: () => null,
  delivered: () => null,
  acknowledged: () => "The expert confirmed they will reply to the requester by e-mail.",
  declined: (s) =>
    `The expert declined${s.decline_reason ? ` (their words: ${JSON.stringify(s.decline_reason)})` : ""}; suggest another expert.`,
  expired: () => "Nobody acted on the inquiry in time; suggest another expert.",
};

export function renderInquiryStatus(s: InquiryStatus): string {
  const d = s.delivery;
  const delivery =
    d.state === "sent"
      ? `The expert was notified by e-mail at ${d.sent_at}.`
      : d.state === "failed"
        ? `The notification e-mail failed ${d.attempts} time(s); it is retried automatically${d.next_attempt_at ? ` (next try ${d.next_attempt_at})` : ""}. Do not send the inquiry again.`
        : "The notification e-mail is queued and not yet sent; it goes out automatically. Do not send the inquiry again.";
  return [
    `Inquiry ${s.inquiry_id} to ${s.expert_slug}, recorded ${s.created_at} (status ${s.status} since ${s.status_changed_at}).`,
    STATUS_TEXT[s.status](s) ?? delivery,
    "The expert replies directly to the requester's e-mail address.",
    `Profile: ${s.expert_profile_url}`,
    `Book: ${s.booking_url}`,
  ].join("\n");
}

const NO_KEY = NO_KEY_TEXT.replaceAll("submit_inquiry", "get_inquiry_status");

function wording(p: HttpProblem, { inquiry_id: id }: { inquiry_id: string }) {
  if (p.status === 404)
    return `This account sent no inquiry with the id "${id.slice(0, 64)}". Use the inquiry_id submit_inquiry returned, on a connection with an API key of the same account.`;
  if (p.status === 401) return NO_KEY;
  return undefined;
}

export const inquiryStatusTool = contractTool({
  name: "get_inquiry_status",
  title: "Follow up on an inquiry",
  description:
    "What became of an inquiry this account sent: its status (pending, delivered, acknowledged = the expert will reply, " +
    "declined with an optional reason, expired) and the e-mail's delivery state (queued, sent, or failed with the number of attempts and the next try). Call it when submit_inquiry said the e-mail was queued and " +
    "the user asks whether it went out. Needs an API key of the account that sent the inquiry (Authorization header on the MCP connection).",
  operation: "getInquiryStatus",
  renames: { id: "inquiry_id" },
  arguments: { inquiry_id: "The inquiry_id that submit_inquiry returned." },
  annotations: { title: "Follow up on an inquiry", readOnlyHint: true, openWorldHint: false },
  wording,
  handler:
    (deps) =>
    async ({ inquiry_id }, { owner }) => {
      if (!owner) return toolError(NO_KEY);
      const status = await getInquiryStatus(deps.sql, owner, inquiry_id, deps.urls);
      return toolResult(status, renderInquiryStatus(status));
    },
});
