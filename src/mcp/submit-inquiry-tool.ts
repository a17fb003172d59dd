import { unknownExpertText } from "./get-expert-tool.ts";
import { contractTool } from "./tool-registry.ts";
import { toolError, toolResult } from "./tool-result.ts";
import type { Inquiry, InquiryRequest } from "./tool-deps.ts";

export const NO_KEY_TEXT =
  "submit_inquiry needs an API key, and this MCP connection has none. Ask the user to add the header " +
  "`Authorization: Bearer edk_live_…` to this MCP server's configuration (an account holder creates keys in the " +
  "directory's dashboard at /dashboard), then reconnect and call submit_inquiry again. Meanwhile you can give the " +
  "user the expert's booking_url to book directly.";

export function renderInquiry(inquiry: Inquiry, input: InquiryRequest): string {
  return [
    `Inquiry ${inquiry.inquiry_id} sent to ${input.expert_slug} (status ${inquiry.status}).`,
    inquiry.email_sent
      ? "The expert has been notified by e-mail."
      : "The notification e-mail is queued and will be retried automatically; do not send the inquiry again.",
    `The expert replies directly to ${input.requester_email}; no reply comes back through this tool.`,
    `Profile: ${inquiry.expert_profile_url}`,
    `Book: ${inquiry.booking_url}`,
  ].join("\n");
}

export const submitInquiryTool = contractTool({
  name: "submit_inquiry",
  title: "Send an inquiry to an expert",
  description:
    "Send a message to an expert on behalf of the user; the expert is notified by e-mail and replies directly to the " +
    "user's e-mail address. Call it only when the user has asked to contact this expert and has given their name and " +
    "e-mail address. Each call creates a new inquiry (not idempotent): do not repeat a successful call. Needs an API key " +
    "(Authorization: Bearer header on the MCP connection); at most 5 inquiries per account (all its keys together) to the same expert per 24 hours.",
  operation: "createInquiry",
  arguments: {
    expert_slug: "The slug of the expert to contact, as search_experts or get_expert returned it.",
    requester_name:
      "Full name of the person you act for (at most 200 characters); the expert addresses the reply to them.",
    requester_email: "E-mail address of the person you act for; the expert replies there directly, not through you.",
    message:
      "What the person needs, in their words or a faithful summary, with the facts the expert needs to answer (at most 2000 characters).",
    context:
      'Optional background for the expert as one level of keys and values, e.g. {"timezone": "Europe/Berlin", "budget_usd": 300, "preferred_language": "en"}: ' +
      "at most 20 keys of 1 to 64 characters, each value a string (at most 500 characters), a number or a boolean; no nested objects or arrays (write a list as one string).",
  },
  annotations: {
    title: "Send an inquiry",
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  // A 429 (the account's inquiry limit) reads as its problem says (problemText): one wording, REST's.
  wording: (p, { expert_slug }) =>
    p.status === 404 ? unknownExpertText(expert_slug) : p.status === 401 ? NO_KEY_TEXT : undefined,
  handler:
    (deps) =>
    async (input, { owner }) => {
      // the tool's own check came first (the contract's); submitInquiry then runs all of REST's
      // (blank text) before anything is written
      if (!owner) return toolError(NO_KEY_TEXT);
      const inquiry = await deps.submitInquiry(owner, input);
      return toolResult(inquiry, renderInquiry(inquiry, input));
    },
});
