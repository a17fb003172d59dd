import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The SMTP envelope: what the client said in MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: Email;
}

export interface TestSmtp {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number): Promise<void>;
  stop(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Listen on this port (0 or absent: any free one). */
  port?: number;
  /** Require AUTH with these credentials. */
  auth?: { user: string; pass: string };
  /** Hold each message this long before accepting it, to make sends overlap with other work. */
  delayMs?: number;
}

export { freePort } from "./free-port.ts";

/**
 * A real SMTP server (smtp-server) on a loopback port that keeps every message it accepts, parsed
 * with postal-mime. No TLS; AUTH over plain text is allowed because it never leaves the machine.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    // no reverse DNS of 127.0.0.1: it only slows every connection down
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass)
        return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (options.delayMs) await Bun.sleep(options.delayMs);
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push({ envelope, raw, parsed: await PostalMime.parse(raw) });
        for (const w of waiters.filter((w) => messages.length >= w.count)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor(count) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
