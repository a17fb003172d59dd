import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * The transport of one session's MCP server in this process: JSON in, JSON out, reused for every
 * POST of the session that lands here (Streamable HTTP with `enableJsonResponse`, minus the parts
 * a reused server does not need per request). The SDK's web transport is made for one request
 * when stateless, and a stateful one refuses a session it did not initialize itself, which any
 * instance behind a load balancer must accept; so each process keeps a server per session it
 * serves, connected to one of these.
 *
 * Responses are matched to requests by JSON-RPC id. Two requests of one session with the same id
 * at the same time cannot be told apart: `exchange` refuses them (returns null) and the caller
 * serves that request on a server of its own.
 */
export class JsonExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly waiting = new Map<RequestId, (message: JSONRPCMessage) => void>();
  private closed = false;

  async start(): Promise<void> {}

  /** Answers to requests reach their waiting exchange; anything else has no stream here to go to. */
  async send(message: JSONRPCMessage): Promise<void> {
    if ("id" in message && ("result" in message || "error" in message)) {
      const resolve = this.waiting.get(message.id as RequestId);
      if (resolve) {
        this.waiting.delete(message.id as RequestId);
        resolve(message);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const resolve of this.waiting.values()) {
      resolve({ jsonrpc: "2.0", id: null as unknown as RequestId, error: { code: -32001, message: "Session closed" } });
    }
    this.waiting.clear();
    this.onclose?.();
  }

  /**
   * Hands `messages` to the server and resolves with the answers to its requests, in order (empty
   * when there were only notifications). Null when one of the ids is already awaited here.
   */
  exchange(
    messages: JSONRPCMessage[],
    extra: { authInfo?: AuthInfo; requestInfo: MessageExtraInfo["requestInfo"] },
  ): Promise<JSONRPCMessage[]> | null {
    const requests = messages.filter(isJSONRPCRequest);
    if (this.closed || requests.some((r) => this.waiting.has(r.id))) return null;
    const answers = requests.map((r) => new Promise<JSONRPCMessage>((resolve) => this.waiting.set(r.id, resolve)));
    for (const message of messages) this.onmessage?.(message, extra);
    return Promise.all(answers);
  }
}

/** One session's server in this process, with the transport it is connected to. */
export interface SessionServer {
  server: McpServer;
  transport: JsonExchangeTransport;
}

/** Connects a new server (made by `create`) to a JsonExchangeTransport. */
export async function connectSessionServer(create: () => McpServer): Promise<SessionServer> {
  const server = create();
  const transport = new JsonExchangeTransport();
  await server.connect(transport);
  return { server, transport };
}
