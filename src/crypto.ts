/**
 * The two primitives secrets are made of: random base62 text (API keys, session tokens) and the
 * SHA-256 under which only their hashes are stored. At the bottom floor, so keys, sessions, MCP
 * sessions and idempotency records share them without importing one another.
 */
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 text without modulo bias (bytes ≥ 248 are redrawn). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function sha256Hex(value: string): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}
