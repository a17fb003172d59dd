const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * DNS-rebinding protection of the MCP endpoints (the MCP spec requires servers to check
 * `Origin`): a request that carries an `Origin` must come from this server's own public origin,
 * from another loopback spelling of it when it is served on loopback, or from an origin the
 * operator listed in MCP_ALLOWED_ORIGINS. Requests without `Origin` (desktop and CLI clients,
 * server-side agents) pass. Unlike the dashboard's check, the request's own Host never counts:
 * a rebinding page's Host is the attacker's name, so it would always "match".
 */
export function mcpOriginAllowed(origin: string | null, baseUrl: string, extra: readonly string[]): boolean {
  if (origin === null) return true;
  const own = new URL(baseUrl);
  if (origin === own.origin || extra.includes(origin)) return true;
  if (!LOOPBACK.has(own.hostname)) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return LOOPBACK.has(url.hostname) && url.protocol === own.protocol && url.port === own.port && url.origin === origin;
}
