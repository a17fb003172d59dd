import { isIP } from "node:net";
import { ConfigError } from "./parse.ts";

/**
 * Which proxies in front of the server may be believed about the client address:
 * null (none: the socket address is the client), a hop count (the last N proxies, whatever their
 * address), or a list of proxy addresses and CIDR ranges. Read by src/http/client-ip.ts.
 */
export type TrustProxy = null | { hops: number } | { proxies: string[] };

/**
 * Parses TRUST_PROXY: empty → null; "1" → one hop; "10.0.0.1, 192.168.0.0/16, fd00::/8" → those.
 * Throws a ConfigError naming the variable and the bad part.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value.toLowerCase() === "false") return null;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw invalid(`a hop count must be at most 20, got ${hops}`);
    return { hops };
  }
  const proxies = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of proxies) {
    const [address, bits, extra] = p.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      throw invalid(`"${p}" is neither a hop count nor an IP address or CIDR range`);
    }
  }
  return { proxies };
}

function invalid(part: string): ConfigError {
  return new ConfigError(
    `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDR ranges: ${part}`,
  );
}
