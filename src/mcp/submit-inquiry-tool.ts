import { toolArguments } from "../contract/index.ts";
import type { HttpProblem } from "../http/problem.ts";
import { callerOf } from "./caller.ts";
import { unknownExpertText } from "./get-expert-tool.ts";
import { toolSchemas } from "./schemas.ts";
import { guardedTool, toolError, toolResult } from "./tool-result.ts";
import type { Inquiry, InquiryRequest, McpToolDeps } from "./tool-deps.ts";
import type { ToolRegistrar } from "./tool-registry.ts";

const fields = toolSchemas.properties("InquiryRequest");

export const submitInquiryInput = {
  expert_slug: fields.expert_slug("The slug of the expert to contact, as search_experts or get_expert returned it."),
  requester_name: fields.requester_name("Full name of the person you act for (at most 200 characters); the expert addresses the reply to them."),
  requester_email: fields.requester_email("E-mail address of the person you act for; the expert replies there directly, not through you."),
  message: fields.message("What the person needs, in their words or a faithful summary, with the facts the expert needs to answer (at most 2000 characters)."),
  context: fields.context(
    "Optional background for the expert as one level of keys and values, e.g. {\"timezone\": \"Europe/Berlin\", \"budget_usd\": 300, \"preferred_language\": \"en\"}: " +
      "at most 20 keys of 1 to 64 characters, each value a string (at most 500 characters), a number or a boolean; no nested objects or arrays (write a list as one string).",
  ),
};

export const NO_KEY_TEXT =
  "submit_inquiry needs an API key, and this MCP connection has none. Ask the user to add the header " +
  "`Authorization: Bearer edk_live_…` to this MCP server's configuration (an account holder creates keys in the " +
  "directory's dashboard at /dashboard), then reconnect and call submit_inquiry again. Meanwhile you can give the " +
  "user the expert's booking_url to book directly.";

function inquiryWording(slug: string) {
  return (p: HttpProblem) => {
    if (p.status === 404) return unknownExpertText(slug);
    if (p.status === 401) return NO_KEY_TEXT;
    if (p.status === 429 && p.extra.headers?.["retry-after"]) {
      const seconds = Number(p.extra.headers["retry-after"]);
      return `This API key already sent 5 inquiries to this expert in the last 24 hours. Retry after ${seconds} seconds (about ${Math.max(1, Math.ceil(seconds / 3600))} h), or contact another expert; the user can also book directly through the expert's booking_url.`;
    }
    return undefined;
  };
}

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

// Built once: converting the contract's schemas to zod is the costly part of registering a tool,
// and a server is created per request.
const submitInquiryArguments = toolArguments<InquiryRequest>(submitInquiryInput);
const submitInquiryResult = toolSchemas.schema("Inquiry");

export function registerSubmitInquiry(server: ToolRegistrar, deps: McpToolDeps) {
  server.registerTool(
    "submit_inquiry",
    {
      title: "Send an inquiry to an expert",
      description:
        "Send a message to an expert on behalf of the user; the expert is notified by e-mail and replies directly to the " +
        "user's e-mail address. Call it only when the user has asked to contact this expert and has given their name and " +
        "e-mail address. Each call creates a new inquiry (not idempotent): do not repeat a successful call. Needs an API key " +
        "(Authorization: Bearer header on the MCP connection); at most 5 inquiries per account (all its keys together) to the same expert per 24 hours.",
      inputSchema: submitInquiryArguments.inputSchema,
      outputSchema: submitInquiryResult,
      annotations: { title: "Send an inquiry", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args, extra) => {
      const slug = String((args as { expert_slug?: unknown }).expert_slug);
      return guardedTool(deps.log, "submit_inquiry", inquiryWording(slug), async () => {
        // the tool's own check first (as zod did); submitInquiry then runs all of REST's
        // (blank text) before anything is written
        const input = submitInquiryArguments.validate(args);
        const { owner } = callerOf(extra);
        if (!owner) return toolError(NO_KEY_TEXT);
        const inquiry = await deps.submitInquiry(owner, input);
        return toolResult(inquiry, renderInquiry(inquiry, input));
      });
    },
  );
}
