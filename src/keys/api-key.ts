/**
 * API keys: `edk_live_` + 40 random base62 characters (40 × log2(62) ≈ 238 bits of entropy).
 * Only the SHA-256 of the whole key is stored; with that much entropy a fast hash is enough, and
 * it lets a presented key be found through a unique index without ever comparing plaintext.
 */
import { randomBase62, sha256Hex } from "../crypto.ts";

export const KEY_PREFIX = "edk_live_";
const BODY_LENGTH = 40;
/** The shape a key must have before it is even looked up. */
export const KEY_PATTERN = /^edk_live_[0-9A-Za-z]{32,128}$/;

export interface NewApiKey {
  key: string;
  keyHash: string;
  /** The first 12 characters, shown in lists so a person can tell keys apart. */
  keyPrefix: string;
}

export function generateApiKey(): NewApiKey {
  const key = KEY_PREFIX + randomBase62(BODY_LENGTH);
  return { key, keyHash: sha256Hex(key), keyPrefix: key.slice(0, 12) };
}
