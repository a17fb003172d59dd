import { afterAll, beforeAll, expect, it } from "bun:test";
import { freePort, startTestSmtp, type TestSmtp } from "./support/smtp.ts";
import { freshDatabase, startApp, type TestApp } from "./support/app.ts";
import { expectContractResponse } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";

// An inquiry that expires before its e-mail could go out (the mail server was down, or none was
// configured) is never e-mailed afterwards: the expert would be invited to answer an inquiry its
// agent was told is over. One database, two apps one after the other: the first cannot reach its
// mail server and expires the inquiry; the second reaches a real sink and must send nothing.

let database: Awaited<ReturnType<typeof freshDatabase>>;
let smtp: TestSmtp;
let key: TestKey;
let inquiryId: string;
let expiredStatus: Record<string, any>;

const ENV = {
  OUTBOX_INTERVAL_MS: "20",
  OUTBOX_RETRY_BASE_MS: "20",
  MAIL_FROM: "Expert Directory <inquiries@directory.test>",
};

async function getStatus(app: TestApp, id: string) {
  const path = `/api/agents/inquiries/${id}`;
  const res = await fetch(`${app.url}${path}`, { headers: key.headers });
  const body = await res.json();
  expectContractResponse("GET", path, res.status, res.headers.get("content-type"), body);
  return body;
}

beforeAll(async () => {
  database = await freshDatabase(process.env.TEST_DATABASE_URL, { demo: true });
  smtp = await startTestSmtp();
  let shiftMs = 0;
  // Nothing listens on this port: every send fails and is retried.
  const down = await startApp({
    database,
    env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, MAIL_TIMEOUT_MS: "500" },
    clock: () => new Date(Date.now() + shiftMs),
  });
  try {
    key = await createTestKey(down.sql, { keyName: "Expiry agent" });
    const [expert] = await down.sql<{ slug: string }[]>`
      select slug from experts where is_public and is_verified and accepting_clients and availability_status is distinct from 'closed'
      order by id limit 1`;
    const res = await fetch(`${down.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json" },
      body: JSON.stringify(inquiryFor(expert.slug)),
    });
    expect(res.status).toBe(201);
    inquiryId = (await res.json()).inquiry_id;
    // Tried and failed at least once, then the sweep's clock moves past INQUIRY_EXPIRY_DAYS.
    while ((await getStatus(down, inquiryId)).delivery.attempts < 1) await Bun.sleep(20);
    shiftMs = 8 * 86_400_000;
    while ((expiredStatus = await getStatus(down, inquiryId)).status !== "expired") await Bun.sleep(20);
  } finally {
    await down.stop();
  }
}, 120_000);

afterAll(async () => {
  await smtp?.stop();
  await database?.drop();
});

it("answers the expired inquiry's e-mail as never to be tried again", () => {
  expect(expiredStatus.status).toBe("expired");
  expect(expiredStatus.email_sent).toBe(false);
  expect(expiredStatus.delivery.state).toBe("failed");
  expect(expiredStatus.delivery.attempts).toBeGreaterThanOrEqual(1);
  expect(expiredStatus.delivery.next_attempt_at).toBeNull();
});

it("never sends it once a mail server is reachable, and the outbox depth does not count it", async () => {
  const up = await startApp({ database, env: { ...ENV, SMTP_URL: smtp.url } });
  try {
    // A fresh inquiry on the same database goes out: the sender works, so silence below means something.
    const [expert] = await up.sql<{ slug: string }[]>`
      select slug from experts where is_public and is_verified and accepting_clients and availability_status is distinct from 'closed'
      order by id desc limit 1`;
    const res = await fetch(`${up.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json" },
      body: JSON.stringify(
        inquiryFor(expert.slug, { message: "A second question, sent once the mail server is back." }),
      ),
    });
    expect(res.status).toBe(201);
    const fresh = (await res.json()).inquiry_id as string;
    while (!smtp.messages.some((m) => m.parsed.text?.includes(fresh))) await Bun.sleep(20);
    // Many sender ticks later, the expired one has still not been sent.
    await Bun.sleep(300);
    expect(smtp.messages.some((m) => m.parsed.text?.includes(inquiryId))).toBe(false);
    const after = await getStatus(up, inquiryId);
    expect(after.status).toBe("expired");
    expect(after.delivery.sent_at).toBeNull();
    expect(after.delivery.next_attempt_at).toBeNull();
    const metrics = await (await fetch(`${up.url}/metrics`)).text();
    expect(metrics).toMatch(/^outbox_depth(?:\{[^}]*\})? 0$/m);
  } finally {
    await up.stop();
  }
});
