import { readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema, type MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { MAX_MESSAGE_BYTES } from "./json-rpc.ts";
import { newSessionId } from "./sessions.ts";

export interface WebSseOptions {
  /** Where clients POST their messages; `?sessionId=…` is appended. */
  endpoint: string;
  /** Interval of the comment frames that keep proxies from closing an idle stream (default 15 s). */
  keepAliveMs?: number;
}

const encoder = new TextEncoder();

/**
 * The older MCP HTTP+SSE transport (protocol 2024-11-05) on web-standard Request/Response, for
 * Bun: the SDK's SSEServerTransport is written for Node's response objects.
 *
 * `response` is the event stream for the GET that opened the session; its first event,
 * `endpoint`, tells the client where to POST. Each POST goes to `handlePostMessage`, is answered
 * 202, and the JSON-RPC reply travels back over the stream. The stream ends with `close()` or
 * when the client goes away; either way `onclose` runs once.
 */
export class WebSseServerTransport implements Transport {
  readonly sessionId = newSessionId();
  readonly response: Response;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private closed = false;

  constructor(private readonly options: WebSseOptions) {
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => this.shutDown(false),
    });
    this.response = new Response(stream, {
      headers: {
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      },
    });
  }

  /** Announces the POST endpoint; called by `server.connect()`. */
  async start(): Promise<void> {
    if (this.started) throw new Error("WebSseServerTransport already started");
    this.started = true;
    const separator = this.options.endpoint.includes("?") ? "&" : "?";
    this.write(`event: endpoint\ndata: ${this.options.endpoint}${separator}sessionId=${this.sessionId}\n\n`);
    const interval = this.options.keepAliveMs ?? 15_000;
    if (interval > 0) {
      this.keepAlive = setInterval(() => this.write(": keepalive\n\n"), interval);
      this.keepAlive.unref?.();
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error("Not connected");
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    this.shutDown(true);
  }

  /**
   * Takes one POSTed message: 202 once it is handed to the server, 400 for a body that is not
   * one JSON-RPC message, 413 when too large, 415 for a content type other than JSON.
   */
  async handlePostMessage(request: Request, extra: { authInfo?: AuthInfo } = {}): Promise<Response> {
    if (this.closed) return text(404, "Session not found: the event stream is closed. Open a new one.");
    const posted = await readPostedMessage(request);
    if (posted instanceof Response) return posted;
    const requestInfo = { headers: Object.fromEntries(request.headers), url: new URL(request.url) };
    this.onmessage?.(posted, { authInfo: extra.authInfo, requestInfo });
    return text(202, "Accepted");
  }

  /**
   * Takes a message POSTed to another process and relayed here (src/mcp/sse-relay.ts), already
   * checked there as handlePostMessage checks one. False when the stream is closed.
   */
  deliver(message: JSONRPCMessage, extra: { authInfo?: AuthInfo } = {}): boolean {
    if (this.closed) return false;
    this.onmessage?.(message, { authInfo: extra.authInfo });
    return true;
  }

  private write(frame: string): void {
    if (this.closed) return;
    try {
      this.controller.enqueue(encoder.encode(frame));
    } catch (error) {
      // The stream is gone (client disconnected): end the session rather than write into nothing.
      this.onerror?.(error as Error);
      this.shutDown(false);
    }
  }

  private shutDown(closeStream: boolean): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    if (closeStream) {
      try {
        this.controller.close();
      } catch {
        // already closed or errored
      }
    }
    this.onclose?.();
  }
}

/**
 * One POSTed JSON-RPC message, or the response refusing it: 415 for a content type other than
 * JSON, 413 when too large, 400 for a body that is not one JSON-RPC message. The same checks
 * whichever process holds the stream.
 */
export async function readPostedMessage(request: Request): Promise<JSONRPCMessage | Response> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") return text(415, "Content-Type must be application/json.");
  const body = await readRequestBody(request, MAX_MESSAGE_BYTES);
  if (body.tooLarge) return text(413, `Message too large: at most ${MAX_MESSAGE_BYTES} bytes.`);
  try {
    return JSONRPCMessageSchema.parse(JSON.parse(body.text));
  } catch {
    return text(400, "Invalid message: the body must be one JSON-RPC 2.0 message.");
  }
}

export function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
