import type { Logger } from "../log.ts";
import { type McpCaller, callerAuthInfo } from "./caller.ts";
import { createMcpServer } from "./server.ts";
import type { McpSessions } from "./sessions.ts";
import { WebSseServerTransport } from "./sse-transport.ts";
import type { McpToolDeps } from "./tool-deps.ts";

export const SSE_PATH = "/api/sse";
export const MESSAGES_PATH = "/api/messages";

/**
 * /api/sse and /api/messages: the older HTTP+SSE transport. Unlike /api/mcp its session is the
 * open event stream itself, so it lives in the process that holds the stream: behind several
 * instances, a client's POSTs must reach that instance (sticky routing on `sessionId`); another
 * instance answers 404. Each POST carries its own Authorization, checked like every request.
 */
export function legacySse(deps: { tools: McpToolDeps; sessions: McpSessions; log: Logger }) {
  const open = new Map<string, WebSseServerTransport>();

  async function openStream(): Promise<Response> {
    const transport = new WebSseServerTransport({ endpoint: MESSAGES_PATH });
    const server = createMcpServer(deps.tools);
    const id = transport.sessionId;
    transport.onclose = () => {
      open.delete(id);
      deps.sessions.forget(id);
      void server.close();
    };
    transport.onerror = (error) => deps.log.debug("mcp sse transport error", { error: error.message });
    open.set(id, transport);
    deps.sessions.holdStream(id, () => void transport.close());
    await server.connect(transport);
    return transport.response;
  }

  async function postMessage(request: Request, caller: McpCaller): Promise<Response> {
    const id = new URL(request.url).searchParams.get("sessionId");
    if (!id) return new Response("Missing sessionId query parameter: use the endpoint the event stream announced.", { status: 400 });
    const transport = open.get(id);
    if (!transport) {
      return new Response("Session not found: its event stream is closed or lives on another instance. Open a new one with GET /api/sse.", { status: 404 });
    }
    deps.sessions.used(id);
    return transport.handlePostMessage(request, { authInfo: callerAuthInfo(caller) });
  }

  return { openStream, postMessage };
}
