import type { Logger } from "../log.ts";
import { type McpCaller, callerAuthInfo } from "./caller.ts";
import { createMcpServer } from "./server.ts";
import type { McpSessions } from "./sessions.ts";
import type { SseRelay } from "./sse-relay.ts";
import { readPostedMessage, text, WebSseServerTransport } from "./sse-transport.ts";
import type { RegisteredTool } from "./tool-registry.ts";

export const SSE_PATH = "/api/sse";
export const MESSAGES_PATH = "/api/messages";

/**
 * /api/sse and /api/messages: the older HTTP+SSE transport. Unlike /api/mcp its session is the
 * open event stream itself, held by the process that opened it. A POST that lands on that process
 * is handed to the stream here; one that lands on any other process of any instance is checked
 * there (its caller by the route, the session, the message) and relayed to the holder over the
 * shared channel (src/mcp/sse-relay.ts), so no sticky routing is needed. Each POST carries its
 * own Authorization, checked like every request.
 */
export function legacySse(deps: { tools: RegisteredTool[]; sessions: McpSessions; relay: SseRelay; log: Logger }) {
  const open = new Map<string, WebSseServerTransport>();

  async function openStream(): Promise<Response> {
    const transport = new WebSseServerTransport({ endpoint: MESSAGES_PATH });
    const server = createMcpServer(deps.tools);
    const id = transport.sessionId;
    transport.onclose = () => {
      open.delete(id);
      deps.relay.release(id);
      deps.sessions.forget(id);
      void server.close();
    };
    transport.onerror = (error) => deps.log.debug("mcp sse transport error", { error: error.message });
    open.set(id, transport);
    deps.sessions.holdStream(id, () => void transport.close());
    // Recorded before connect() announces the endpoint, so a POST to any process finds it.
    await deps.relay.hold(id, transport, () => deps.sessions.used(id));
    await server.connect(transport);
    return transport.response;
  }

  async function postMessage(request: Request, caller: McpCaller): Promise<Response> {
    const id = new URL(request.url).searchParams.get("sessionId");
    if (!id) return text(400, "Missing sessionId query parameter: use the endpoint the event stream announced.");
    const transport = open.get(id);
    if (transport) {
      deps.sessions.used(id);
      return transport.handlePostMessage(request, { authInfo: callerAuthInfo(caller) });
    }
    if (!(await deps.relay.exists(id))) {
      return text(404, "Session not found: its event stream is closed. Open a new one with GET /api/sse.");
    }
    const message = await readPostedMessage(request);
    if (message instanceof Response) return message;
    await deps.relay.relay(id, message, callerAuthInfo(caller));
    return text(202, "Accepted");
  }

  return { openStream, postMessage };
}
