import { readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { HttpProblem } from "../http/problem.ts";
import { type McpCaller, callerAuthInfo } from "./caller.ts";
import { jsonRpcError, MAX_MESSAGE_BYTES } from "./json-rpc.ts";
import { createMcpServer } from "./server.ts";
import { connectSessionServer, type SessionServer } from "./session-server.ts";
import type { McpSessions } from "./sessions.ts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Lru } from "../cache/lru.ts";
import { type RegisteredTool, ResultTexts } from "./tool-registry.ts";
import type { InquiryUpdates } from "./inquiry-updates.ts";

const OPENED = new TextEncoder().encode(": stream open\n\n");

/** Session servers one process keeps (least recently used out): ~40 KB each. */
const SESSION_SERVERS = 256;

/** The cache of session servers an app hands to streamableHttp (made where its metrics are wired). */
export function sessionServerCache(): Lru<string, Promise<SessionServer>> {
  return new Lru({ name: "mcp-session-servers", maxEntries: SESSION_SERVERS });
}

/** The members of a tools/call request the direct path knows; any other (`_meta`, `task`) goes to the SDK. */
const CALL_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const PARAM_KEYS = new Set(["name", "arguments"]);

function onlyKeys(value: object, allowed: Set<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const MAX_BATCH = 100; // the SDK transport's own cap on a batch

/**
 * /api/mcp, the Streamable HTTP transport, served by the SDK's web-standard transport.
 *
 * Every HTTP request gets a fresh McpServer and transport, so no request depends on what an
 * earlier one left in this process and any instance behind a load balancer can take any
 * request. Sessions still exist (Mcp-Session-Id), as a database row any instance checks:
 * - POST initialize: a new session; its id comes back in Mcp-Session-Id.
 * - any other request: 400 without Mcp-Session-Id, 404 when the id is unknown or expired.
 * - GET: the session's event stream: keep-alives, and notifications/resources/updated for the
 *   inquiries of the session's key (src/mcp/inquiry-updates.ts).
 * - DELETE: ends the session.
 * Responses to POSTed requests are plain JSON (`enableJsonResponse`): every tool answers in
 * one piece, and the request's server can be closed as soon as the answer is ready.
 */
export function streamableHttp(deps: {
  tools: RegisteredTool[];
  sessions: McpSessions;
  /** This process's server per session (sessionServerCache), shown in /metrics by the caller. */
  sessionServers: Lru<string, Promise<SessionServer>>;
  /** Draws a new session on the caller's `mcp-session` budget; throws the 429 HttpProblem when it is spent. */
  admit: (caller: McpCaller) => Promise<void>;
  /** Inquiry resources on every server, and updates sent on the session's event stream. */
  updates?: InquiryUpdates;
}) {
  const { sessions } = deps;
  // A session's server, kept between its requests in this process. One evicted holds nothing to
  // close (its transport is ours and holds no socket); a request still using it finishes.
  const { sessionServers } = deps;
  const toolsByName = new Map(deps.tools.map((tool) => [tool.name, tool]));
  const resultTexts = new ResultTexts();

  function sessionServer(id: string): Promise<SessionServer> {
    let entry = sessionServers.get(id);
    if (!entry)
      sessionServers.set(id, (entry = connectSessionServer(() => createMcpServer(deps.tools, deps.updates?.register))));
    return entry;
  }

  /**
   * The tool and arguments of a body that is one plain tools/call (no batch, no `_meta`, no
   * task) of a registered tool; null for anything else, which the session's server answers.
   */
  function directCall(body: unknown): { id: string | number; tool: RegisteredTool; args: unknown } | null {
    if (!isPlainObject(body) || body.jsonrpc !== "2.0" || body.method !== "tools/call" || !onlyKeys(body, CALL_KEYS))
      return null;
    const { id, params } = body;
    if (!(typeof id === "string" || (typeof id === "number" && Number.isInteger(id)))) return null;
    if (!isPlainObject(params) || typeof params.name !== "string" || !onlyKeys(params, PARAM_KEYS)) return null;
    if (params.arguments !== undefined && !isPlainObject(params.arguments)) return null;
    const tool = toolsByName.get(params.name);
    return tool ? { id, tool, args: params.arguments ?? {} } : null;
  }

  /**
   * A tools/call answered by calling the tool's handler directly, as the SDK's server would
   * (each handler checks its own arguments and turns every failure into a tool error), and sent
   * as the JSON-RPC answer the SDK's transport would send. A result sent before (a remembered
   * search answer's) is serialized once (ResultTexts). This is most of what MCP costs beyond REST.
   */
  async function callDirectly(call: NonNullable<ReturnType<typeof directCall>>, caller: McpCaller): Promise<Response> {
    let result: CallToolResult;
    try {
      result = await call.tool.handler(call.args, { authInfo: callerAuthInfo(caller) });
    } catch (error) {
      // What the SDK's server answers for a handler that throws (ours do not: guardedTool).
      result = {
        content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }],
        isError: true,
      };
    }
    const text = `{"result":${resultTexts.of(result)},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`;
    return new Response(text, { headers: { "content-type": "application/json" } });
  }

  /**
   * A POST of an existing session on that session's server in this process: the messages go
   * straight to it and the answers come back as JSON, as the SDK's transport sends them with
   * `enableJsonResponse`, without building a server and a transport per request (most of an MCP
   * call's cost: BENCHMARKS.md). Null when the request is not the plain case (a header or message
   * the SDK's transport must refuse, an id already in flight): `serve` then answers it as before.
   */
  async function exchange(request: Request, caller: McpCaller, id: string, body: unknown): Promise<Response | null> {
    const accept = request.headers.get("accept") ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return null;
    if ((request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() !== "application/json")
      return null;
    const version = request.headers.get("mcp-protocol-version");
    if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
    const call = directCall(body);
    if (call) return callDirectly(call, caller);
    const list = Array.isArray(body) ? body : [body];
    if (list.length === 0 || list.length > MAX_BATCH) return null;
    const messages: JSONRPCMessage[] = [];
    for (const item of list) {
      const parsed = JSONRPCMessageSchema.safeParse(item);
      if (!parsed.success) return null;
      messages.push(parsed.data);
    }
    const { transport } = await sessionServer(id);
    const answers = transport.exchange(messages, { authInfo: callerAuthInfo(caller), requestInfo: undefined });
    if (!answers) return null;
    const replies = await answers;
    if (!messages.some(isJSONRPCRequest)) return new Response(null, { status: 202 });
    return new Response(JSON.stringify(Array.isArray(body) ? replies : replies[0]), {
      headers: { "content-type": "application/json" },
    });
  }

  /** Closes this process's server of a session (it ended, or this process stops). */
  function dropSessionServer(id: string): void {
    const entry = sessionServers.get(id);
    if (!entry) return;
    sessionServers.delete(id);
    void entry.then(({ server }) => server.close());
  }

  async function serve(
    request: Request,
    caller: McpCaller,
    session: { id: string; fresh: boolean },
    parsedBody?: unknown,
  ) {
    const server = createMcpServer(deps.tools, deps.updates?.register);
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
      const unwatch = deps.updates?.watch(caller, server) ?? (() => {});
      return holdEventStream(response, session.id, () => {
        unwatch();
        void server.close();
      });
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
    if (!id)
      return jsonRpcError(
        400,
        -32000,
        "Bad Request: Mcp-Session-Id header is required. Send the id the initialize response returned, or initialize a new session.",
      );
    if (!(await sessions.resume(id)))
      return jsonRpcError(404, -32001, "Session not found: it expired or was ended. Initialize a new session.");
    return id;
  }

  /** A new session's 429, as a JSON-RPC error with the limiter's headers (Retry-After), or null when admitted. */
  async function refusal(caller: McpCaller): Promise<Response | null> {
    try {
      await deps.admit(caller);
      return null;
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status !== 429) throw error;
      return jsonRpcError(
        429,
        -32000,
        `${error.detail} Reuse the session you have (Mcp-Session-Id) instead of initializing again.`,
        error.extra.headers,
      );
    }
  }

  return async function handleStreamableHttp(request: Request, caller: McpCaller): Promise<Response> {
    if (request.method === "POST") {
      const body = await readRequestBody(request, MAX_MESSAGE_BYTES);
      if (body.tooLarge)
        return jsonRpcError(413, -32000, `Request body too large: at most ${MAX_MESSAGE_BYTES} bytes.`);
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
      return (await exchange(request, caller, id, message)) ?? serve(request, caller, { id, fresh: false }, message);
    }
    if (request.method === "GET" || request.method === "DELETE") {
      const id = await requireSession(request);
      if (id instanceof Response) return id;
      if (request.method === "DELETE") dropSessionServer(id);
      return serve(request, caller, { id, fresh: false });
    }
    return jsonRpcError(405, -32000, "Method not allowed.", { allow: "GET, POST, DELETE" });
  };
}
