/**
 * Webhook signatures (SECURITY.md, "Webhooks"): `Webhook-Signature: t=<unix seconds>,v1=<hex>`,
 * where each v1 is HMAC-SHA256 keyed with a secret over `${t}.${body}`. Signing the time with the
 * body lets a receiver refuse replays of an old delivery; one v1 per secret in force (two for 24
 * hours after a rotation), so a receiver switches secrets when it likes.
 */
import { timingSafeEqual } from "node:crypto";
import { randomBase62 } from "../crypto.ts";

export const SECRET_PREFIX = "whsec_";
export const SECRET_WARNING = "Copy this secret now. It is shown only once and cannot be recovered.";

/** A new signing secret: `whsec_` + 40 random base62 characters (≈ 238 bits). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBase62(40);
}

function hmacHex(secret: string, text: string): string {
  return new Bun.CryptoHasher("sha256", secret).update(text).digest("hex");
}

/** The header value for one attempt at `unixSeconds`, signed with every secret given (new first). */
export function signatureHeader(secrets: string[], unixSeconds: number, body: string): string {
  return [`t=${unixSeconds}`, ...secrets.map((s) => `v1=${hmacHex(s, `${unixSeconds}.${body}`)}`)].join(",");
}

/**
 * What a receiver does (README's sample is this in plain words): whether `header` carries a v1
 * that `secret` made over `body`, at a time within `toleranceSeconds` of `nowSeconds`.
 * Compared in constant time.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = header.split(",").map((p) => p.split("=", 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, `${t}.${body}`));
  return parts.some(([k, v]) => k === "v1" && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}
