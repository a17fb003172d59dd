// A stdio MCP server with one tool whose schemas break every portability rule the MCP Inspector's
// `--strict` checks (a `type` array, an open `{}` schema, an untyped property): the control of
// test/mcp-strict-schemas.test.ts, proving that the way it reads the Inspector's findings sees
// them when there are some.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "unportable", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: "unportable",
      inputSchema: { type: "object", properties: { anything: {}, label: { type: ["string", "null"] } } },
      outputSchema: { type: "object", properties: { rest: { type: "object", additionalProperties: {} } } },
    },
  ],
}));
await server.connect(new StdioServerTransport());
