import { ConfigError, type Env, parseInteger, parseUrl } from "./parse.ts";

/** E-mail delivery of inquiries (SMTP_URL, MAIL_FROM, timeouts, outbox worker pacing). */
export interface MailConfig {
  /** smtp:// or smtps:// URL, credentials included; null keeps every e-mail in the outbox. */
  smtpUrl: string | null;
  /** The From header, `Name <address>` or a bare address. */
  from: string;
  /** Connection, greeting and socket timeout of one SMTP send. */
  timeoutMs: number;
  /** How often the outbox worker looks for e-mails due for (another) try. */
  outboxIntervalMs: number;
  /** Wait after the first failed try; doubled after each further failure, capped at one hour. */
  retryBaseMs: number;
}

// `Name <local@domain>` or `local@domain`; no line breaks, so it can never split a header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a header value must not hold
const MAIL_FROM_PATTERN = /^(?:[^<>\x00-\x1f\x7f]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/** Reads the mail settings; the default From is at the host of the (already checked) PUBLIC_BASE_URL. */
export function loadMailConfig(env: Env, publicBaseUrl: string | null): MailConfig {
  // The URL may carry a password: parseUrl's messages never echo the value.
  const smtpUrl = parseUrl("SMTP_URL", env.SMTP_URL, ["smtp:", "smtps:"]);
  const fallbackFrom = `Expert Directory <no-reply@${publicBaseUrl ? new URL(publicBaseUrl).hostname : "localhost"}>`;
  const from = env.MAIL_FROM?.trim() || fallbackFrom;
  if (!MAIL_FROM_PATTERN.test(from)) {
    throw new ConfigError(
      `MAIL_FROM must be an address like "Expert Directory <no-reply@example.com>", got "${env.MAIL_FROM}"`,
    );
  }
  return {
    smtpUrl,
    from,
    timeoutMs: parseInteger("MAIL_TIMEOUT_MS", env.MAIL_TIMEOUT_MS, 5_000, 100, 60_000),
    outboxIntervalMs: parseInteger("OUTBOX_INTERVAL_MS", env.OUTBOX_INTERVAL_MS, 5_000, 10, 3_600_000),
    retryBaseMs: parseInteger("OUTBOX_RETRY_BASE_MS", env.OUTBOX_RETRY_BASE_MS, 30_000, 10, 3_600_000),
  };
}
