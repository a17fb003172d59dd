import { problem } from "./problem.ts";
import { ipBucket } from "./rate-limit.ts";

export interface StreamSlotsOptions {
  /** Open streams per client address (an IPv6 client's whole /64, as the rate limits count it). */
  perClient: number;
  /** Open streams of this process, all clients together. */
  total: number;
  /** Retry-After of a refusal, in seconds (default 30): a slot frees when a stream ends. */
  retryAfterSeconds?: number;
}

/**
 * Bounds the long-lived event streams (GET /api/sse, GET /api/mcp) one process holds: each keeps
 * a socket, a file descriptor and a keep-alive timer for up to the MCP idle timeout, so without a
 * bound one client could hold them all (issue 18: ~20,000 streams starved every other client).
 * Past the client's share: 429; past the process's: 503; both problems with Retry-After, refused
 * before any work is done.
 *
 * A slot is taken when a stream is asked for and given back exactly once, however the stream
 * ends: the opening fails or answers something that is not a stream, the client goes away
 * (cancel), the server closes it (idle session, DELETE, shutdown) or it errors.
 */
export function streamSlots(options: StreamSlotsOptions) {
  const retryAfter = String(options.retryAfterSeconds ?? 30);
  const byClient = new Map<string, number>();
  let open = 0;

  function take(client: string): () => void {
    const bucket = ipBucket(client);
    const held = byClient.get(bucket) ?? 0;
    if (held >= options.perClient) {
      throw problem(
        429,
        `Too many open event streams from this client address: at most ${options.perClient} at a time. Close one, or retry after ${retryAfter} seconds.`,
        { headers: { "retry-after": retryAfter } },
      );
    }
    if (open >= options.total) {
      throw problem(
        503,
        `This server holds as many event streams as it may (${options.total}). Retry after ${retryAfter} seconds.`,
        { headers: { "retry-after": retryAfter } },
      );
    }
    byClient.set(bucket, held + 1);
    open++;
    let released = false;
    return function release() {
      if (released) return;
      released = true;
      open--;
      const left = (byClient.get(bucket) ?? 1) - 1;
      if (left > 0) byClient.set(bucket, left);
      else byClient.delete(bucket);
    };
  }

  /**
   * Opens a stream for `client` in a slot of its own: `openStream` runs only when a slot is free,
   * and the slot is held until the returned response's body ends.
   */
  async function hold(client: string, openStream: () => Promise<Response>): Promise<Response> {
    const release = take(client);
    let response: Response;
    try {
      response = await openStream();
    } catch (error) {
      release();
      throw error;
    }
    if (!response.body || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      release();
      return response;
    }
    return new Response(heldBody(response.body, release), { status: response.status, headers: response.headers });
  }

  return {
    hold,
    /** Streams open now: per process and for the busiest client (for /metrics and tests). */
    stats: () => ({ open, clients: byClient.size }),
  };
}

/** `body` passed through, calling `release` once when it ends, fails or is cancelled. */
function heldBody(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}

export type StreamSlots = ReturnType<typeof streamSlots>;
