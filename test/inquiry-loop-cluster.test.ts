import { afterAll, beforeAll, expect, it } from "bun:test";
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import type { Sql } from "../src/db/connect.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { serverDatabase } from "./support/postgres-cluster.ts";
import { type ServerProcess, spawnServer } from "./support/server-process.ts";
import { startTestSmtp, type TestSmtp } from "./support/smtp.ts";
import { startReceiver, verifiedBy } from "./support/webhook-receiver.ts";

// The inquiry loop on two instances of two workers each, one database: requests land on every
// process, yet each e-mail is sent once, each status change makes one webhook event, and each
// event is POSTed once (the outbox and the webhook sender claim rows with leases, one per row).

const INQUIRIES = 6;
let database: Awaited<ReturnType<typeof serverDatabase>>;
const instances: { server: ServerProcess; url: string }[] = [];
let sql: postgres.Sql;
let smtp: TestSmtp;
let receiver: ReturnType<typeof startReceiver>;
let key: TestKey;
let secret: string;
let slugs: string[];

const primaryListening = (l: Record<string, any>) => l.msg === "listening" && l.worker === undefined;
// A new connection per request, so the kernel spreads them over an instance's workers.
const fresh = (url: string | URL, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: { ...Object.fromEntries(new Headers(init.headers)), connection: "close" },
    keepalive: false,
  } as RequestInit);
const at = (i: number) => instances[i % instances.length].url;

beforeAll(async () => {
  database = await serverDatabase();
  const config = loadConfig({ DATABASE_URL: database.databaseUrl, LOG_LEVEL: "silent" });
  const { db } = await prepareDatabase(config, createLogger("silent"));
  await seedDemo(db.sql);
  await db.close();
  sql = postgres(database.databaseUrl, { max: 1, onnotice: () => {} });
  slugs = (
    await sql<{ slug: string }[]>`
      select slug from experts
      where is_public and is_verified and accepting_clients and availability_status is distinct from 'closed'
      order by id limit ${INQUIRIES}`
  ).map((r) => r.slug);
  key = await createTestKey(sql as unknown as Sql, { keyName: "Cluster agent" });
  smtp = await startTestSmtp();
  receiver = startReceiver();
  for (let i = 0; i < 2; i++) {
    const server = spawnServer({
      DATABASE_URL: database.databaseUrl,
      PORT: "0",
      WORKERS: "2",
      RATE_LIMITS: "off",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Expert Directory <inquiries@directory.test>",
      OUTBOX_INTERVAL_MS: "50",
      WEBHOOK_INTERVAL_MS: "50",
      WEBHOOK_ALLOW_PRIVATE: "1",
    });
    const { url } = await server.waitForLog(primaryListening, 60_000);
    instances.push({ server, url });
  }
}, 180_000);

afterAll(async () => {
  for (const { server } of instances) {
    if (server.proc.exitCode === null) server.proc.kill("SIGTERM");
    await server.exited;
  }
  await sql?.end();
  receiver?.stop();
  await smtp?.stop();
  await database?.drop();
}, 60_000);

/** Waits, by a count of looks rather than a time, until `done` holds. */
async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 1500 && !done(); i++) await Bun.sleep(20);
  if (!done()) throw new Error(`never: ${what}`);
}

const eventsOf = (type: string) => receiver.received.filter((r) => r.body.type === type);

it("sends each e-mail once and each webhook event once, whichever process took the request", async () => {
  const put = await fresh(`${at(0)}/api/agents/keys/${key.keyId}/webhook`, {
    method: "PUT",
    headers: { ...key.headers, "content-type": "application/json" },
    body: JSON.stringify({ url: receiver.url }),
  });
  expect(put.status).toBe(201);
  secret = (await put.json()).secret;

  // Inquiries POSTed to the two instances in turn, each on a new connection.
  const ids: string[] = [];
  for (const [i, slug] of slugs.entries()) {
    const res = await fresh(`${at(i)}/api/agents/inquiries`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json" },
      body: JSON.stringify(inquiryFor(slug)),
    });
    expect(res.status).toBe(201);
    ids.push((await res.json()).inquiry_id);
  }
  await until(() => eventsOf("inquiry.delivered").length >= INQUIRIES, "every inquiry.delivered");
  await until(() => ids.every((id) => smtp.messages.some((m) => m.parsed.text?.includes(id))), "every e-mail");

  // Each inquiry's e-mail followed by the expert: the confirmation POSTed to the other instance.
  for (const [i, id] of ids.entries()) {
    const mail = smtp.messages.find((m) => m.parsed.text?.includes(id))!;
    const link = mail.parsed.text!.match(/^I'll reply: (\S+)$/m)![1];
    const token = new URL(link).pathname.split("/").pop()!;
    const res = await fresh(`${at(i + 1)}/inquiry-actions`, {
      method: "POST",
      body: new URLSearchParams({ token, locale: "en" }),
    });
    expect(res.status).toBe(200);
  }
  await until(() => eventsOf("inquiry.acknowledged").length >= INQUIRIES, "every inquiry.acknowledged");
  // Many sender ticks of all four processes later, nothing came twice.
  await Bun.sleep(500);

  for (const id of ids) expect(smtp.messages.filter((m) => m.parsed.text?.includes(id)).length).toBe(1);
  for (const type of ["inquiry.delivered", "inquiry.acknowledged"]) {
    const events = eventsOf(type);
    expect(events.map((r) => r.body.data.inquiry_id).sort()).toEqual([...ids].sort());
    expect(new Set(events.map((r) => r.body.id)).size).toBe(INQUIRIES);
  }
  expect(receiver.received.length).toBe(2 * INQUIRIES);
  for (const r of receiver.received) expect(verifiedBy(secret, r.headers.get("webhook-signature"), r.raw)).toBe(true);

  // Every instance reads the same state.
  for (const [i, id] of ids.entries()) {
    const res = await fresh(`${at(i)}/api/agents/inquiries/${id}`, { headers: key.headers });
    expect((await res.json()).status).toBe("acknowledged");
  }
});
