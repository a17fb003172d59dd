import { createTransport } from "nodemailer";
import type { MailConfig } from "../config.ts";

/** A rendered e-mail as the outbox stores it; the From address is added at send time. */
export interface OutgoingMail {
  to: { name: string; address: string };
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /**
   * `<inquiry.ID@host>`, fixed when the e-mail is rendered and stored with it in the outbox, so a
   * resend (a crashed sender's claim running out) carries the same Message-ID and receiving
   * servers and clients can drop the duplicate. Absent on rows written before it existed.
   */
  messageId?: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post); values are our own URLs. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** False when SMTP_URL is not set: nothing is sent, every e-mail waits in the outbox. */
  readonly configured: boolean;
  /** Where mail goes, credentials removed, for logs ("disabled" when not configured). */
  readonly description: string;
  /** Resolves once the SMTP server accepted the message; rejects with a loggable error otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The URL without user name and password, safe to log. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = "";
    url.password = "";
    return url.toString().replace(/\/$/, "");
  } catch {
    return "(unparsable URL)";
  }
}

/** Secrets of the URL in every spelling they might show up in an error message. */
function secretsOf(raw: string): string[] {
  try {
    const { username, password } = new URL(raw);
    return [password, decodeURIComponent(password), username, decodeURIComponent(username)].filter(
      (s) => s.length >= 3,
    );
  } catch {
    return [];
  }
}

/**
 * Sends over nodemailer's SMTP transport to `config.smtpUrl` (smtp://user:pass@host:port, or
 * smtps:// for TLS from the first byte; STARTTLS is used when the server offers it). Every phase
 * (connect, greeting, each command) is bounded by `timeoutMs`, so a dead server fails fast and the
 * message goes back to the outbox. Error messages are scrubbed of the URL's credentials.
 */
export function createMailer(config: MailConfig): Mailer {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) {
    return {
      configured: false,
      description: "disabled",
      send: () => Promise.reject(new Error("SMTP_URL is not set")),
    };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    dnsTimeout: config.timeoutMs,
  });
  const secrets = secretsOf(smtpUrl);
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join("***"), text);
  return {
    configured: true,
    description: redactUrl(smtpUrl),
    async send(mail) {
      try {
        await transport.sendMail({ from: config.from, ...mail });
      } catch (error) {
        const e = error as { message?: string; code?: string; responseCode?: number };
        const parts = [e.code, e.responseCode, e.message ?? String(error)].filter((p) => p !== undefined);
        throw new Error(scrub(parts.join(" ")).slice(0, 1000));
      }
    },
  };
}
