import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config.ts";

// TRUST_PROXY is parsed with the rest of the configuration; its type is handed on to this
// module's users, who pass it back to clientIp().
export type { TrustProxy };

/** The part of Bun's server this needs; Elysia hands it to every handler as `server`. */
export interface SocketInfo {
  requestIP(request: Request): { address: string } | null;
}

/** "::ffff:10.0.0.1" → "10.0.0.1", so one client never has two spellings. */
export function normalizeIp(address: string): string {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  return mapped ? mapped[1] : a;
}

function proxyMatcher(proxies: string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const p of proxies) {
    const [address, bits] = p.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(normalizeIp(address), type);
    else list.addSubnet(normalizeIp(address), Number(bits), type);
  }
  return (ip) => {
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
  };
}

const matchers = new WeakMap<object, (ip: string) => boolean>();

/**
 * The client's IP address. Without trust it is the socket peer, and X-Forwarded-For is ignored
 * entirely (a forged header changes nothing). With trust, the header is read from the right
 * (the entry our own proxy appended) towards the left, skipping trusted proxies; the first
 * address not vouched for is the client. A malformed entry stops the walk, so junk never
 * becomes someone's identity.
 *
 * @example clientIp(request, server, config.trustProxy) // "203.0.113.7"
 */
export function clientIp(request: Request, server: SocketInfo | null | undefined, trust: TrustProxy = null): string {
  const peer = normalizeIp(server?.requestIP(request)?.address ?? "unknown");
  if (!trust) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => normalizeIp(s))
    .filter(Boolean);
  // chain[last] is the peer; each entry to its left was reported by the hop to its right.
  const chain = [...forwarded, peer];
  if ("hops" in trust) {
    let i = chain.length - 1;
    for (let hop = 0; hop < trust.hops && i > 0; hop++) {
      if (!isIP(chain[i - 1])) break;
      i--;
    }
    return chain[i];
  }
  let isTrusted = matchers.get(trust);
  if (!isTrusted) matchers.set(trust, (isTrusted = proxyMatcher(trust.proxies)));
  let i = chain.length - 1;
  while (i > 0 && isTrusted(chain[i]) && isIP(chain[i - 1])) i--;
  return chain[i];
}

/**
 * `clientIp` read once per request under one TRUST_PROXY setting: the request log and the auth
 * plugin (rate limits, login throttle, MCP callers) ask the same question and get one answer.
 */
export function clientAddresses(trust: TrustProxy): ClientAddress {
  const seen = new WeakMap<Request, string>();
  return (request, server) => {
    let address = seen.get(request);
    if (address === undefined) seen.set(request, (address = clientIp(request, server as SocketInfo | null, trust)));
    return address;
  };
}

/** The client address of a request; `server` is what Elysia hands every handler. */
export type ClientAddress = (request: Request, server: unknown) => string;
