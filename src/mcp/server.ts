import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { contract } from "../contract/index.ts";
import { registerGetAvailability } from "./get-availability-tool.ts";
import { registerGetExpert } from "./get-expert-tool.ts";
import { registerInquiryStatus } from "./inquiry-status-tool.ts";
import { registerSearchExperts } from "./search-experts-tool.ts";
import { registerSubmitInquiry } from "./submit-inquiry-tool.ts";
import type { McpToolDeps } from "./tool-deps.ts";

const INSTRUCTIONS = `Expert Directory: verified human experts (lawyers, accountants, tax advisors, consultants, tutors and more) who offer one-on-one consultations.
Workflow: search_experts to find candidates, get_expert for a full profile (services, prices, weekly availability, contact methods), get_availability for concrete free times in the user's time zone, then submit_inquiry to contact an expert for the user (needs an API key on this connection, and the user's name and e-mail); get_inquiry_status tells whether the expert's e-mail went out.
Give users the profile_url and booking_url so they can read and book themselves.`;

/**
 * The MCP server with its tools over the same feature functions as REST. It knows
 * nothing of transports: each transport file connects a fresh one (per request on /api/mcp,
 * per stream on /api/sse).
 */
export function createMcpServer(deps: McpToolDeps): McpServer {
  const server = new McpServer(
    { name: "expert-directory", title: "Expert Directory", version: contract.info.version },
    { instructions: INSTRUCTIONS },
  );
  registerSearchExperts(server, deps);
  registerGetExpert(server, deps);
  registerGetAvailability(server, deps);
  registerSubmitInquiry(server, deps);
  registerInquiryStatus(server, deps);
  return server;
}
