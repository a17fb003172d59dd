import { expect } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import Ajv from "ajv";
import addFormats from "ajv-formats";

export type McpTransportKind = "streamable-http" | "sse";

/** The official SDK client connected to the running app over one of the two transports. */
export async function mcpClient(
  baseUrl: string,
  kind: McpTransportKind,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: "expert-directory-tests", version: "1.0.0" });
  const transport =
    kind === "streamable-http"
      ? new StreamableHTTPClientTransport(new URL("/api/mcp", baseUrl), { requestInit: { headers } })
      : new SSEClientTransport(new URL("/api/sse", baseUrl), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

// listTools publishes draft-07 schemas (the SDK's choice); a plain Ajv with formats checks them.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** Fails the test unless the call succeeded and its structuredContent matches the tool's outputSchema. */
export function expectConformingResult(tool: Tool, result: CallToolResult) {
  expect(result.isError ?? false).toBe(false);
  expect(tool.outputSchema).toBeDefined();
  const validate = ajv.compile(tool.outputSchema!);
  if (!validate(result.structuredContent)) {
    throw new Error(`${tool.name}: structuredContent does not match outputSchema: ${ajv.errorsText(validate.errors)}`);
  }
  expect(result.content[0]?.type).toBe("text");
}

/** The single text of a tool result. */
export function resultText(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === "text" ? first.text : "";
}

/** A JSON-RPC initialize request, for tests that speak raw HTTP. */
export function initializeMessage(id = 1) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-test", version: "1" } },
  };
}

export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
