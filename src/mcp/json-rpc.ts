import { MAX_BODY_BYTES } from "../http/body-limit.ts";

/** Largest JSON-RPC message accepted over HTTP: the same cap as every request body (bodyLimit). */
export const MAX_MESSAGE_BYTES = MAX_BODY_BYTES;

/**
 * An HTTP error in the shape the SDK's own transports use for protocol failures (session
 * missing or unknown, bad JSON): a JSON-RPC error with a null id.
 */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
