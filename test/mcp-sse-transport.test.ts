import { describe, expect, it } from "bun:test";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { MAX_MESSAGE_BYTES } from "../src/mcp/json-rpc.ts";
import { WebSseServerTransport } from "../src/mcp/sse-transport.ts";

// WebSseServerTransport on its own: the SDK's Transport interface over web-standard
// Request/Response, as the HTTP+SSE protocol (2024-11-05) defines it.

const decoder = new TextDecoder();

/** Reads the transport's event stream frame by frame. */
function events(transport: WebSseServerTransport) {
  const reader = transport.response.body!.getReader();
  let buffer = "";
  return {
    async next(): Promise<string | null> {
      while (!buffer.includes("\n\n")) {
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value);
      }
      const end = buffer.indexOf("\n\n");
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      return frame;
    },
    cancel: () => reader.cancel(),
  };
}

function postTo(transport: WebSseServerTransport, body: string, contentType = "application/json") {
  return transport.handlePostMessage(
    new Request(`http://localhost/api/messages?sessionId=${transport.sessionId}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }),
    { authInfo: { token: "", clientId: "k1", scopes: [], extra: { who: "tester" } } },
  );
}

function started(keepAliveMs = 0) {
  const transport = new WebSseServerTransport({ endpoint: "/api/messages", keepAliveMs });
  const received: { message: JSONRPCMessage; extra?: MessageExtraInfo }[] = [];
  let closed = 0;
  transport.onmessage = (message, extra) => received.push({ message, extra });
  transport.onclose = () => closed++;
  return { transport, received, closedCount: () => closed };
}

describe("WebSseServerTransport", () => {
  it("answers with an event stream whose first event announces the POST endpoint", async () => {
    const { transport } = started();
    expect(transport.response.headers.get("content-type")).toBe("text/event-stream");
    expect(transport.response.headers.get("cache-control")).toContain("no-cache");
    await transport.start();
    const stream = events(transport);
    expect(await stream.next()).toBe(`event: endpoint\ndata: /api/messages?sessionId=${transport.sessionId}`);
    expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(transport.start()).rejects.toThrow("already started");
    await transport.close();
  });

  it("hands a POSTed message to onmessage with its auth and request info, answering 202", async () => {
    const { transport, received } = started();
    await transport.start();
    const message = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const res = await postTo(transport, JSON.stringify(message));
    expect(res.status).toBe(202);
    expect(received).toHaveLength(1);
    expect(received[0].message).toEqual(message as JSONRPCMessage);
    expect(received[0].extra?.authInfo?.extra).toEqual({ who: "tester" });
    expect(received[0].extra?.requestInfo?.url?.searchParams.get("sessionId")).toBe(transport.sessionId);
    await transport.close();
  });

  it("sends messages as `message` events", async () => {
    const { transport } = started();
    await transport.start();
    const stream = events(transport);
    await stream.next(); // endpoint
    await transport.send({ jsonrpc: "2.0", id: 1, result: { ok: true } });
    expect(await stream.next()).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"ok":true}}');
    await transport.close();
  });

  it("refuses bodies that are not one JSON-RPC message, other content types and oversized bodies", async () => {
    const { transport, received } = started();
    await transport.start();
    expect((await postTo(transport, "{not json")).status).toBe(400);
    expect((await postTo(transport, JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect((await postTo(transport, "{}", "text/plain")).status).toBe(415);
    const huge = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "x", params: { pad: "a".repeat(MAX_MESSAGE_BYTES) } });
    expect((await postTo(transport, huge)).status).toBe(413);
    expect(received).toHaveLength(0);
    await transport.close();
  });

  it("writes keep-alive comments while idle", async () => {
    const { transport } = started(5);
    await transport.start();
    const stream = events(transport);
    await stream.next(); // endpoint
    expect(await stream.next()).toBe(": keepalive");
    await transport.close();
  });

  it("close() ends the stream, calls onclose once and refuses later sends and POSTs", async () => {
    const { transport, closedCount } = started();
    await transport.start();
    const stream = events(transport);
    await stream.next();
    await transport.close();
    await transport.close();
    expect(await stream.next()).toBeNull();
    expect(closedCount()).toBe(1);
    await expect(transport.send({ jsonrpc: "2.0", id: 2, result: {} })).rejects.toThrow("Not connected");
    expect(
      (await postTo(transport, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status,
    ).toBe(404);
  });

  it("treats the client going away as a close", async () => {
    const { transport, closedCount } = started();
    await transport.start();
    const stream = events(transport);
    await stream.next();
    await stream.cancel();
    expect(closedCount()).toBe(1);
    await expect(transport.send({ jsonrpc: "2.0", id: 3, result: {} })).rejects.toThrow("Not connected");
  });
});
