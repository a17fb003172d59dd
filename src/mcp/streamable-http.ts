import { readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { HttpProblem } from "../http/problem.ts";
import { type McpCaller, callerAuthInfo } from "./caller.ts";
import { jsonRpcError, MAX_MESSAGE_BYTES } from "./json-rpc.ts";
import { createMcpServer } from "./server.ts";
import type { McpSessions } from "./sessions.ts";
import type { McpToolDeps } from "./tool-deps.ts";

const OPENED = new TextEncoder().encode(": stream open\n\n");

/**
 * /api/mcp, the Streamable HTTP transport, served by the SDK's web-standard transport.
 *
 * Every HTTP request gets a fresh McpServer and transport, so no request depends on what an
 * earlier one left in this process and any instance behind a load balancer can take any
 * request. Sessions still exist (Mcp-Session-Id), as a database row any instance checks:
 * - POST initialize: a new session; its id comes back in Mcp-Session-Id.
 * - any other request: 400 without Mcp-Session-Id, 404 when the id is unknown or expired.
 * - GET: the session's event stream (the server sends nothing unprompted today; keep-alives).
 * - DELETE: ends the session.
 * Responses to POSTed requests are plain JSON (`enableJsonResponse`): every tool answers in
 * one piece, and the request's server can be closed as soon as the answer is ready.
 */
export function streamableHttp(deps: {
  tools: McpToolDeps;
  sessions: McpSessions;
  /** Draws a new session on the caller's `mcp-session` budget; throws the 429 HttpProblem when it is spent. */
  admit: (caller: McpCaller) => Promise<void>;
}) {
  const { sessions } = deps;

  async function serve(request: Request, caller: McpCaller, session: { id: string; fresh: boolean }, parsedBody?: unknown) {
    const server = createMcpServer(deps.tools);
    const transport = new WebStandardStreamableHTTPServerTransport(
      session.fresh
        ? { sessionIdGenerator: () => session.id, enableJsonResponse: true }
        : { sessionIdGenerator: undefined, enableJsonResponse: true, onsessionclosed: () => sessions.end(session.id) },
    );
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(request, { parsedBody, authInfo: callerAuthInfo(caller) });
    } catch (error) {
      await server.close();
      throw error;
    }
    if (request.method === "GET" && response.ok && response.body) {
      return holdEventStream(response, session.id, () => void server.close());
    }
    await server.close();
    return response;
  }

  /** Passes the GET event stream through, and closes it when the session idles out or ends. */
  function holdEventStream(response: Response, sessionId: string, close: () => void): Response {
    const reader = response.body!.getReader();
    let release: () => void = () => {};
    const finish = () => {
      release();
      close();
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // A comment at once: the response (and its headers) reach the client now, not with the
        // first keep-alive 15 s later.
        controller.enqueue(OPENED);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    });
    release = sessions.holdStream(sessionId, close);
    return new Response(body, { status: response.status, headers: response.headers });
  }

  /** The session a non-initialize request names, or the 400/404 that refuses it. */
  async function requireSession(request: Request): Promise<string | Response> {
    const id = request.headers.get("mcp-session-id");
    if (!id) return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required. Send the id the initialize response returned, or initialize a new session.");
    if (!(await sessions.resume(id))) return jsonRpcError(404, -32001, "Session not found: it expired or was ended. Initialize a new session.");
    return id;
  }

  /** A new session's 429, as a JSON-RPC error with the limiter's headers (Retry-After), or null when admitted. */
  async function refusal(caller: McpCaller): Promise<Response | null> {
    try {
      await deps.admit(caller);
      return null;
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status !== 429) throw error;
      return jsonRpcError(429, -32000, `${error.detail} Reuse the session you have (Mcp-Session-Id) instead of initializing again.`, error.extra.headers);
    }
  }

  return async function handleStreamableHttp(request: Request, caller: McpCaller): Promise<Response> {
    if (request.method === "POST") {
      const body = await readRequestBody(request, MAX_MESSAGE_BYTES);
      if (body.tooLarge) return jsonRpcError(413, -32000, `Request body too large: at most ${MAX_MESSAGE_BYTES} bytes.`);
      let message: unknown;
      try {
        message = JSON.parse(body.text);
      } catch {
        return jsonRpcError(400, -32700, "Parse error: Invalid JSON");
      }
      if ((Array.isArray(message) ? message : [message]).some((m) => isInitializeRequest(m))) {
        const refused = await refusal(caller);
        if (refused) return refused;
        return serve(request, caller, { id: await sessions.create(), fresh: true }, message);
      }
      const id = await requireSession(request);
      if (id instanceof Response) return id;
      return serve(request, caller, { id, fresh: false }, message);
    }
    if (request.method === "GET" || request.method === "DELETE") {
      const id = await requireSession(request);
      if (id instanceof Response) return id;
      return serve(request, caller, { id, fresh: false });
    }
    return jsonRpcError(405, -32000, "Method not allowed.", { allow: "GET, POST, DELETE" });
  };
}
