import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may point (SECURITY.md, "Webhooks"): a public unicast address only, unless the
 * operator allows private ones (WEBHOOK_ALLOW_PRIVATE=1, for development and tests). The server
 * sits inside someone's network; a webhook URL is an address anyone with a key chooses, so without
 * this rule a key could make the server POST to its own database port, a cloud metadata service
 * (169.254.169.254) or anything else only reachable from inside.
 */
const SPECIAL_USE: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"], // "this network"
  ["10.0.0.0", 8, "ipv4"], // private
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["127.0.0.0", 8, "ipv4"], // loopback
  ["169.254.0.0", 16, "ipv4"], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12, "ipv4"], // private
  ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
  ["192.0.2.0", 24, "ipv4"], // documentation
  ["192.88.99.0", 24, "ipv4"], // 6to4 relay anycast
  ["192.168.0.0", 16, "ipv4"], // private
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["198.51.100.0", 24, "ipv4"], // documentation
  ["203.0.113.0", 24, "ipv4"], // documentation
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved, broadcast
  ["::", 128, "ipv6"], // unspecified
  ["::1", 128, "ipv6"], // loopback
  ["::ffff:0:0", 96, "ipv6"], // IPv4-mapped: would reach any IPv4 address, private ones too
  ["64:ff9b::", 96, "ipv6"], // NAT64 (embeds an IPv4 address)
  ["64:ff9b:1::", 48, "ipv6"], // local-use NAT64
  ["100::", 64, "ipv6"], // discard-only
  ["2001::", 23, "ipv6"], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32, "ipv6"], // documentation
  ["2002::", 16, "ipv6"], // 6to4 (embeds an IPv4 address)
  ["fc00::", 7, "ipv6"], // unique local
  ["fe80::", 10, "ipv6"], // link-local
  ["fec0::", 10, "ipv6"], // site-local (deprecated)
  ["ff00::", 8, "ipv6"], // multicast
];

// One list per family: a BlockList matches IPv4 addresses against its IPv4-mapped IPv6 rules too,
// so ::ffff:0:0/96 in a shared list would refuse every IPv4 address.
const lists = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [address, bits, type] of SPECIAL_USE) lists[type].addSubnet(address, bits, type);

/** Whether `ip` (a literal address) is private, loopback, link-local or of another special use. */
export function isSpecialUseAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return true; // not an address at all: never connect to it
  const type = family === 4 ? "ipv4" : "ipv6";
  return lists[type].check(bare, type);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (injected in tests; the system resolver otherwise). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Why a host may not be called: it did not resolve, or an address of it is special-use. */
export class AddressRefused extends Error {}

/**
 * The address to connect to for `host`: its literal, or the first it resolves to. Every address
 * the name resolves to must be allowed (not just the one used), so a name that mixes a public and
 * a private address is refused as a whole. The caller connects to the address returned, never
 * to the name again: a second lookup could answer differently (DNS rebinding).
 */
export async function allowedAddress(host: string, allowPrivate: boolean, resolve: Resolver): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, "");
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: bare, family: literal as 4 | 6 }];
  else {
    try {
      addresses = await resolve(bare);
    } catch (error) {
      throw new AddressRefused(
        `the host name ${bare} does not resolve (${(error as { code?: string }).code ?? "lookup failed"})`,
      );
    }
    if (addresses.length === 0) throw new AddressRefused(`the host name ${bare} does not resolve`);
  }
  if (!allowPrivate) {
    const refused = addresses.find((a) => isSpecialUseAddress(a.address));
    if (refused) {
      throw new AddressRefused(
        `${bare === refused.address ? refused.address : `${bare} resolves to ${refused.address}, which`} is a private, loopback, link-local or other special-use address; webhooks go to public addresses only`,
      );
    }
  }
  return addresses[0];
}
