/**
 * Webhook signatures (SECURITY.md, "Webhooks"): `Webhook-Signature: t=<unix seconds>,v1=<hex>`,
 * where each v1 is HMAC-SHA256 keyed with a secret over `${t}.${body}`. Signing the time with the
 * body lets a receiver refuse replays of an old delivery; one v1 per secret in force (two for 24
 * hours after a rotation), so a receiver switches secrets when it likes.
 */
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
