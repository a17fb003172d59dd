import { ConfigError, type Env } from "./parse.ts";

/** The MCP endpoints' sessions and which browser origins may call them. */
export interface McpConfig {
  mcp: {
    /**
     * An MCP session unused this long is closed: /api/mcp answers its id with 404 (the client
     * initializes again) and /api/sse closes its stream (MCP_SESSION_IDLE_SECONDS, default 1800).
     */
    sessionIdleSeconds: number;
    /**
     * Origins besides this server's own whose browser pages may call the MCP endpoints
     * (MCP_ALLOWED_ORIGINS, comma-separated, e.g. a browser-based MCP client's origin).
     */
    allowedOrigins: string[];
  };
}

export function loadMcpConfig(env: Env): McpConfig {
  const idle = env.MCP_SESSION_IDLE_SECONDS?.trim() || "1800";
  if (!/^\d{1,6}(\.\d+)?$/.test(idle) || Number(idle) <= 0) {
    throw new ConfigError(
      `MCP_SESSION_IDLE_SECONDS must be a positive number of seconds, got "${env.MCP_SESSION_IDLE_SECONDS}"`,
    );
  }
  const allowedOrigins = (env.MCP_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new ConfigError(`MCP_ALLOWED_ORIGINS must list origins like https://client.example.com, got "${o}"`);
      }
      if (url.origin !== o.replace(/\/+$/, "")) {
        throw new ConfigError(`MCP_ALLOWED_ORIGINS must list bare origins (scheme://host[:port]), got "${o}"`);
      }
      return url.origin;
    });
  return { mcp: { sessionIdleSeconds: Number(idle), allowedOrigins } };
}
