import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { contract } from "../contract/index.ts";
import { getAvailabilityTool } from "./get-availability-tool.ts";
import { getExpertTool } from "./get-expert-tool.ts";
import { inquiryStatusTool } from "./inquiry-status-tool.ts";
import { searchExpertsTool } from "./search-experts-tool.ts";
import { submitInquiryTool } from "./submit-inquiry-tool.ts";
import type { McpToolDeps } from "./tool-deps.ts";
import type { RegisteredTool } from "./tool-registry.ts";

const INSTRUCTIONS = `Expert Directory: verified human experts (lawyers, accountants, tax advisors, consultants, tutors and more) who offer one-on-one consultations.
Workflow: search_experts to find candidates, get_expert for a full profile (services, prices, weekly availability, contact methods), get_availability for concrete free times in the user's time zone, then submit_inquiry to contact an expert for the user (needs an API key on this connection, and the user's name and e-mail); get_inquiry_status tells whether the expert's e-mail went out.
Give users the profile_url and booking_url so they can read and book themselves.`;

/**
 * The SDK checks JSON Schemas with a validator only for elicitation answers, which this server never
 * asks for; its default builds a whole Ajv instance per server (a tenth of an MCP call's CPU when a
 * server was made per request), so it gets one that says so instead.
 */
const noElicitation: jsonSchemaValidator = {
  getValidator() {
    throw new Error("this server sends no elicitation requests");
  },
};

/**
 * The tools' structured results are built by the feature functions, typed by the contract, and every
 * one the tests see is checked against the contract (the official client checks them against the
 * tools' output schemas too). The SDK would check each again with zod on every call, a quarter of
 * an MCP search's CPU (BENCHMARKS.md), so a server of ours skips that check.
 */
function withoutOutputCheck(server: McpServer): McpServer {
  (server as unknown as { validateToolOutput: () => Promise<void> }).validateToolOutput = async () => {};
  return server;
}

/** The five tools, in the order tools/list shows them (each defined by contractTool, src/mcp/tool-registry.ts). */
const TOOLS = [searchExpertsTool, getExpertTool, getAvailabilityTool, submitInquiryTool, inquiryStatusTool];

/** The five tools over one app's feature functions, made once per app. */
export function mcpTools(deps: McpToolDeps): RegisteredTool[] {
  return TOOLS.map((tool) => tool.register(deps));
}

/**
 * The MCP server with its tools over the same feature functions as REST. It knows
 * nothing of transports: each transport file connects a fresh one (per session and process on
 * /api/mcp, per stream on /api/sse).
 */
export function createMcpServer(tools: RegisteredTool[], extend?: (server: McpServer) => void): McpServer {
  const server = new McpServer(
    { name: "expert-directory", title: "Expert Directory", version: contract.info.version },
    { instructions: INSTRUCTIONS, jsonSchemaValidator: noElicitation },
  );
  withoutOutputCheck(server);
  for (const tool of tools) server.registerTool(tool.name, tool.config, tool.handler as never);
  extend?.(server); // the inquiry resources (src/mcp/inquiry-updates.ts)
  return server;
}
