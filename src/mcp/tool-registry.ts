import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** What a tool file registers its tool on: an McpServer, or the collector below. */
export type ToolRegistrar = Pick<McpServer, "registerTool">;

/** A tool's handler as the transports call it: arguments as sent (each tool checks its own), and who sent them. */
export type ToolHandler = (args: unknown, extra: { authInfo?: AuthInfo }) => Promise<CallToolResult>;

/** One tool as its file registered it: the same name, description, schemas and handler for every server. */
export interface RegisteredTool {
  name: string;
  config: Parameters<McpServer["registerTool"]>[1];
  handler: ToolHandler;
}

/**
 * Runs the tool files' registrations once, into a list: every session's server is given the same
 * list (createMcpServer), and a plain tools/call can reach a handler by name without a server
 * (src/mcp/streamable-http.ts). The tool files keep calling `registerTool` as on a server.
 */
export function collectTools(register: (registrar: ToolRegistrar) => void): RegisteredTool[] {
  const tools: RegisteredTool[] = [];
  const collector = {
    registerTool(name: string, config: RegisteredTool["config"], handler: ToolHandler) {
      tools.push({ name, config, handler });
    },
  };
  // The SDK's registerTool is generic over each tool's zod shapes; the collector keeps what every
  // tool passes as it is, so it stands in for that one method.
  register(collector as unknown as ToolRegistrar);
  return tools;
}

/**
 * The JSON text of tool results that are sent again and again (a remembered search answer's):
 * a tool that returns the same result object for the same remembered answer has it serialized
 * once. Held weakly, so a result goes when its answer leaves the answer cache.
 */
export class ResultTexts {
  private readonly texts = new WeakMap<object, string>();

  of(result: CallToolResult): string {
    let text = this.texts.get(result);
    if (text === undefined) this.texts.set(result, (text = JSON.stringify(result)));
    return text;
  }
}
