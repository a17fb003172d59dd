import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import type { Pool } from "../src/db/connect.ts";
import { startMailDelivery } from "../src/inquiries/delivery.ts";
import { createMailer } from "../src/inquiries/mailer.ts";
import { enqueueMail, outboxDepth } from "../src/inquiries/outbox.ts";
import { startOutboxWorker } from "../src/inquiries/worker.ts";
import { createLogger } from "../src/log.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { expectContractResponse } from "./support/contract.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { freePort, startTestSmtp, type TestSmtp, type TestSmtpOptions } from "./support/smtp.ts";

// E-mail delivery against a real SMTP server (smtp-server on a loopback port), with an app of
// this file's own: SMTP_URL with credentials, a fast outbox worker. The SMTP server is down when
// the first inquiry arrives and comes up later.

const SMTP_USER = "mailer";
const SMTP_PASS = "pw-7f3a9c2e-not-for-logs";
const EXPERT = { slug: "mail-test-expert", name: "Hana Kim", email: "hana.kim@experts.test" };
const EVIL_EXPERT = {
  slug: "mail-test-evil",
  name: "Evil\r\nBcc: expert-bcc@attacker.test",
  email: "evil.expert@experts.test",
};

const smtpOptions: TestSmtpOptions = { auth: { user: SMTP_USER, pass: SMTP_PASS } };
let smtpPort: number;
let smtp: TestSmtp | undefined;
let app: TestApp;
let sql: Pool;
let key: TestKey;

beforeAll(async () => {
  smtpPort = await freePort();
  // Experts of its own, no demo directory on a server database (an embedded one loads it anyway).
  app = await startApp({
    demo: false,
    env: {
      LOG_LEVEL: "debug",
      RATE_LIMITS: "on",
      SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Expert Directory <inquiries@directory.test>",
      MAIL_TIMEOUT_MS: "3000",
      OUTBOX_INTERVAL_MS: "20",
      OUTBOX_RETRY_BASE_MS: "20",
    },
  });
  sql = app.sql;
  for (const e of [EXPERT, EVIL_EXPERT]) {
    await sql`insert into experts (slug, name, email, is_public, is_verified) values (${e.slug}, ${e.name}, ${e.email}, true, true)`;
  }
  key = await createTestKey(sql, { email: "agent.owner@example.com", keyName: "Travel assistant" });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

function inquiryBody(overrides: Record<string, unknown> = {}) {
  return {
    expert_slug: EXPERT.slug,
    requester_name: "Alex Morgan",
    requester_email: "alex.morgan@example.com",
    message: "Which country do I file in this year? <b>Urgent</b> & important.",
    context: { timezone: "America/New_York", note: "<script>alert(1)</script>" },
    ...overrides,
  };
}

async function postInquiry(body: unknown, as: TestKey = key) {
  const res = await fetch(`${app.url}/api/agents/inquiries`, {
    method: "POST",
    headers: { ...as.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = await res.json();
  expectContractResponse("POST", "/api/agents/inquiries", res.status, res.headers.get("content-type"), parsed);
  return { status: res.status, body: parsed };
}

/** Polls the database until `check` holds; the test's own timeout is the limit. */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await Bun.sleep(20);
}

function mailsFor(inquiryId: string) {
  return smtp!.messages.filter((m) => m.parsed.text?.includes(inquiryId));
}

async function outboxRow(inquiryId: string) {
  const [row] = await sql`select attempts, last_error, sent_at from outbox where inquiry_id = ${inquiryId}`;
  return row;
}

describe("mail delivery when the SMTP server is down at first", () => {
  it("answers 201 with email_sent false, then the worker delivers it exactly once when SMTP comes up", async () => {
    const res = await postInquiry(inquiryBody({ message: "Sent while the mail server is down." }));
    expect(res.status).toBe(201);
    expect(res.body.email_sent).toBe(false);
    const failed = await outboxRow(res.body.inquiry_id);
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.last_error).toContain("ECONNREFUSED");

    smtpOptions.port = smtpPort;
    smtp = await startTestSmtp(smtpOptions); // it reads smtpOptions.delayMs on each message
    await smtp.waitFor(1);
    await eventually(async () => (await outboxRow(res.body.inquiry_id)).sent_at !== null);
    const delivered = await outboxRow(res.body.inquiry_id);
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered.last_error).toBeNull();
    expect(mailsFor(res.body.inquiry_id)).toHaveLength(1);
    expect(await outboxDepth(sql)).toBe(0);
    // the failed attempt and the delivery both show in /metrics
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const count = (result: string) =>
      Number(metrics.match(new RegExp(`^email_sends_total\\{result="${result}"\\} (\\d+)$`, "m"))?.[1]);
    expect(count("failed")).toBeGreaterThanOrEqual(1);
    expect(count("sent")).toBeGreaterThanOrEqual(1);
  });
});

describe("the e-mail to the expert", () => {
  it("goes to the expert with Reply-To the requester, a subject, and text and HTML bodies", async () => {
    const res = await postInquiry(inquiryBody());
    expect(res.status).toBe(201);
    expect(res.body.email_sent).toBe(true);
    const [mail] = mailsFor(res.body.inquiry_id);
    expect(mail.envelope.to).toEqual([EXPERT.email]);
    expect(mail.envelope.from).toBe("inquiries@directory.test");
    const m = mail.parsed;
    expect(m.to).toEqual([{ name: EXPERT.name, address: EXPERT.email }]);
    expect(m.from).toEqual({ name: "Expert Directory", address: "inquiries@directory.test" });
    expect(m.replyTo).toEqual([{ name: "Alex Morgan", address: "alex.morgan@example.com" }]);
    expect(m.subject).toBe("New inquiry from Alex Morgan via Expert Directory");

    for (const body of [m.text!, m.html!]) {
      expect(body).toContain("Alex Morgan");
      expect(body).toContain("alex.morgan@example.com");
      expect(body).toContain("agent.owner@example.com");
      expect(body).toContain("Travel assistant");
      expect(body).toContain("America/New_York");
      expect(body).toContain(res.body.inquiry_id);
    }
    expect(m.text).toContain("Which country do I file in this year? <b>Urgent</b> & important.");
    expect(m.text).toContain('"note": "<script>alert(1)</script>"');
    // in HTML every value is escaped: the message and context show as text, never as markup
    expect(m.html).toContain("Which country do I file in this year? &lt;b&gt;Urgent&lt;/b&gt; &amp; important.");
    expect(m.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(m.html).not.toContain("<script>");
    expect(m.html).not.toContain("<b>Urgent");

    const row = await outboxRow(res.body.inquiry_id);
    expect(row.attempts).toBe(1);
    expect(row.sent_at).not.toBeNull();
  });

  it("cannot be given extra headers or recipients through CR/LF in any field", async () => {
    const evilKey = await createTestKey(sql, { keyName: "bot\r\nX-Injected: key-name" });
    const injection = "\r\nBcc: bcc@attacker.test\r\nX-Injected: yes\r\n";
    const before = smtp!.messages.length;
    const res = await postInquiry(
      {
        expert_slug: EVIL_EXPERT.slug,
        requester_name: `Eve${injection}Subject: replaced`,
        requester_email: "eve@example.com",
        message: `Hello${injection}\r\n.\r\nMAIL FROM:<x@attacker.test>\r\nRCPT TO:<victim@attacker.test>\r\nDATA\r\nSmuggled\r\n.\r\n`,
        context: { [`key${injection}`]: `value${injection}` },
      },
      evilKey,
    );
    expect(res.status).toBe(201);
    expect(res.body.email_sent).toBe(true);
    await eventually(async () => (await outboxRow(res.body.inquiry_id)).sent_at !== null);
    // one message, to the one expert: nothing smuggled, no extra recipient
    expect(smtp!.messages.length).toBe(before + 1);
    const [mail] = mailsFor(res.body.inquiry_id);
    expect(mail.envelope.to).toEqual([EVIL_EXPERT.email]);
    const headerKeys = mail.parsed.headers.map((h) => h.key);
    expect(headerKeys).not.toContain("bcc");
    expect(headerKeys).not.toContain("x-injected");
    expect(headerKeys.filter((k) => k === "subject")).toHaveLength(1);
    expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
    expect(mail.parsed.subject).toContain("Eve Bcc: bcc@attacker.test X-Injected: yes Subject: replaced");
    expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual(["eve@example.com"]);
    expect(mail.parsed.to?.map((a) => a.address)).toEqual([EVIL_EXPERT.email]);
    // the message itself is kept, as body text
    expect(mail.parsed.text).toContain("Smuggled");
  });
});

describe("sending only once", () => {
  it("never lets the worker send an e-mail the request is still sending", async () => {
    // Each message is held 300 ms by the SMTP server while the worker looks every 20 ms.
    smtpOptions.delayMs = 300;
    const slowKey = await createTestKey(sql); // a key of its own: 5 inquiries per key and expert
    try {
      const results = await Promise.all(
        [1, 2, 3].map((i) => postInquiry(inquiryBody({ message: `slow send ${i}` }), slowKey)),
      );
      for (const r of results) {
        expect(r.status).toBe(201);
        expect(r.body.email_sent).toBe(true);
      }
      // let the worker have further rounds after the sends finished
      const marker = await postInquiry(inquiryBody({ message: "marker after the slow sends" }), slowKey);
      await eventually(async () => mailsFor(marker.body.inquiry_id).length > 0);
      for (const r of results) expect(mailsFor(r.body.inquiry_id)).toHaveLength(1);
    } finally {
      smtpOptions.delayMs = 0;
    }
  });

  it("shares the outbox between several workers without sending anything twice", async () => {
    const subjects = Array.from({ length: 12 }, (_, i) => `worker test ${i}`);
    for (const subject of subjects) {
      await enqueueMail(
        sql,
        null,
        {
          to: { name: "W", address: "workers@experts.test" },
          replyTo: { name: "R", address: "r@example.com" },
          subject,
          text: subject,
          html: `<p>${subject}</p>`,
        },
        false,
      );
    }
    const workers = [1, 2, 3].map(() =>
      startOutboxWorker({
        sql,
        mailer: createMailer(app.config.mail),
        log: app.log,
        retryBaseMs: 20,
        intervalMs: 10,
        batchSize: 2,
      }),
    );
    try {
      await eventually(async () => (await outboxDepth(sql)) === 0);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    for (const subject of subjects) {
      expect(smtp!.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(1);
    }
  });

  it("sends a resend (a crashed sender's claim run out) with the same Message-ID", async () => {
    const res = await postInquiry(inquiryBody({ message: "stable message id" }));
    expect(res.body.email_sent).toBe(true);
    const id = res.body.inquiry_id;
    const host = new URL(app.url).hostname;
    expect(mailsFor(id).map((m) => m.parsed.messageId)).toEqual([`<inquiry.${id}@${host}>`]);
    // the crash: accepted by SMTP, but sent_at never recorded; the claim has run out
    await sql`update outbox set sent_at = null, next_attempt_at = now() where inquiry_id = ${id}`;
    await eventually(async () => mailsFor(id).length === 2);
    const ids = mailsFor(id).map((m) => m.parsed.messageId);
    expect(ids).toEqual([ids[0], ids[0]]);
    await sql`delete from inquiries where id = ${id}`; // not "exactly once" by design; leave the next test its invariant
  });

  it("sent every inquiry of this file exactly once", async () => {
    const inquiries = await sql<{ id: string }[]>`select id from inquiries`;
    expect(inquiries.length).toBeGreaterThanOrEqual(6);
    for (const { id } of inquiries) expect(mailsFor(id)).toHaveLength(1);
    const [{ unsent }] = await sql`select count(*)::int as unsent from outbox where sent_at is null`;
    expect(unsent).toBe(0);
  });
});

describe("secrets and configuration", () => {
  it("never logs the SMTP password, and logs where mail goes without it", async () => {
    const text = app.rawLog();
    expect(text).not.toContain(SMTP_PASS);
    const start = app.logs.find((l) => l.msg === "mail delivery");
    expect(start?.smtp).toBe(`smtp://127.0.0.1:${smtpPort}`);
  });

  it("keeps credentials out of a failed send's error", async () => {
    const mailer = createMailer({
      ...app.config.mail,
      smtpUrl: `smtp://${SMTP_USER}:wrong-secret-123@127.0.0.1:${smtpPort}`,
    });
    const error = await mailer
      .send({
        to: { name: "X", address: "x@experts.test" },
        replyTo: { name: "Y", address: "y@example.com" },
        subject: "s",
        text: "t",
        html: "h",
      })
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain("535");
    expect(error!.message).not.toContain("wrong-secret-123");
  });

  it("says at start when SMTP_URL is not set, and keeps e-mails in the outbox", async () => {
    const lines: string[] = [];
    const off = { ...app.config.mail, smtpUrl: null };
    const delivery = await startMailDelivery(
      createMailer(off),
      off,
      sql,
      createLogger("info", (l) => lines.push(l)),
      { expiryDays: app.config.inquiryExpiryDays },
    );
    await delivery.stop();
    expect(lines.join("")).toContain("SMTP_URL is not set");
    expect(createMailer({ ...app.config.mail, smtpUrl: null }).configured).toBe(false);
  });

  it("refuses a bad SMTP_URL or MAIL_FROM without echoing the URL", () => {
    expect(() => loadConfig({ SMTP_URL: "http://user:hunter2-secret@mail.example.com" })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: "http://user:hunter2-secret@mail.example.com" });
    } catch (error) {
      expect((error as Error).message).toContain("SMTP_URL must start with smtp:// or smtps://");
      expect((error as Error).message).not.toContain("hunter2");
    }
    expect(() => loadConfig({ MAIL_FROM: "a@example.com\r\nBcc: x@attacker.test" })).toThrow("MAIL_FROM");
    expect(() => loadConfig({ OUTBOX_INTERVAL_MS: "soon" })).toThrow("OUTBOX_INTERVAL_MS");
    expect(loadConfig({ PUBLIC_BASE_URL: "https://experts.example.com" }).mail.from).toBe(
      "Expert Directory <no-reply@experts.example.com>",
    );
  });
});
