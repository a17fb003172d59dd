import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Caller } from "../http/auth.ts";
import type { KeyOwner } from "../keys/verify.ts";

/**
 * Who sent one MCP message: the API key owner from that HTTP request's Authorization header (null
 * without a key) and the client's address, for the rate limits. It travels with each message in
 * the transport's `authInfo`, because on /api/sse one server serves many POSTs, each with its
 * own headers. The auth plugin works it out (src/http/auth.ts), as for REST.
 */
export type McpCaller = Caller<KeyOwner>;

/** Packs the caller into the SDK's AuthInfo; the key itself is never put there. */
export function callerAuthInfo(caller: McpCaller): AuthInfo {
  return {
    token: "",
    clientId: caller.owner?.keyId ?? "anonymous",
    scopes: caller.owner ? ["inquiries:write"] : [],
    extra: { caller },
  };
}

/** The caller of the message a tool handler runs for; anonymous if a transport gave none. */
export function callerOf(extra: { authInfo?: AuthInfo }): McpCaller {
  const caller = extra.authInfo?.extra?.caller as McpCaller | undefined;
  return caller ?? { owner: null, clientIp: "unknown" };
}
