import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { readFileSync } from "node:fs";
import { createHmac, timingSafeEqual } from "node:crypto";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type CallToolResult, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { startApp, type TestApp } from "./support/app.ts";
import { expectContractResponse, expectContractWebhook, expectSchema } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { mcpClient } from "./support/mcp.ts";
import { type ReceivedMail, startTestSmtp, type TestSmtp } from "./support/smtp.ts";
import { type Received, startReceiver } from "./support/webhook-receiver.ts";

setDefaultTimeout(60_000);

// The whole inquiry loop (issue 21) through the paths the app itself takes, nothing moved by SQL:
// an inquiry created by REST is e-mailed to a real SMTP sink (→ delivered), the expert follows the
// links of the e-mail as received, and a receiver on 127.0.0.1 hears every change by webhook,
// checking each signature with the recipe docs/api.md gives, while an MCP session (the official
// SDK client on Streamable HTTP, with the same key) is told of the changes, and REST and MCP read
// the same state. Expiry runs on the sweep's clock, which this file moves ahead at the end.

const EXPERTS = {
  ack: { slug: "e2e-ack", name: "Hana Kim", languages: ["en"] },
  decline: { slug: "e2e-decline", name: "Jonas Weber", languages: ["en"] },
  expiry: { slug: "e2e-expiry", name: "Omar Haddad", languages: ["en"] },
};

/** The verifyWebhook function of docs/api.md's "Webhooks" section, run as documented. */
function documentedVerifier(): (secret: string, header: string, raw: string) => boolean {
  const doc = readFileSync(join(import.meta.dir, "../docs/api.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Webhooks"));
  const code = section.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code?.includes("function verifyWebhook"))
    throw new Error("docs/api.md's Webhooks section has no verifyWebhook recipe");
  const body = code.replace(/^import .*$/m, "");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn verifyWebhook;`)(createHmac, timingSafeEqual);
}
const verifyWebhook = documentedVerifier();

let smtp: TestSmtp;
let app: TestApp;
let key: TestKey;
let secret = "";
let mcp: Client;
let clockShiftMs = 0;
/** URIs of notifications/resources/updated, in arrival order. */
const updates: string[] = [];
/** Every POST the receiver got, with whether the documented check accepted it (it answers 401 if not). */
const verified = new Map<Received, boolean>();
const receiver = startReceiver((_attempt, r) => {
  const ok = verifyWebhook(secret, r.headers.get("webhook-signature") ?? "", r.raw);
  verified.set(r, ok);
  return ok ? 200 : 401;
});

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startApp({
    demo: false,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Expert Directory <inquiries@directory.test>",
      OUTBOX_INTERVAL_MS: "20",
      OUTBOX_RETRY_BASE_MS: "20",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_INTERVAL_MS: "20",
      WEBHOOK_RETRY_BASE_MS: "10",
    },
    clock: () => new Date(Date.now() + clockShiftMs),
  });
  for (const e of Object.values(EXPERTS)) {
    await app.sql`
      insert into experts (slug, name, email, is_public, is_verified, accepting_clients, availability_status, languages, language_subtags)
      values (${e.slug}, ${e.name}, ${`${e.slug}@experts.test`}, true, true, true, 'open', ${e.languages}, ${e.languages})`;
    await app.sql`insert into expert_translations (expert_id, locale, title) select id, 'en', 'Tax adviser' from experts where slug = ${e.slug}`;
  }
  key = await createTestKey(app.sql, { keyName: "E2E agent" });
  const put = await call("PUT", `/api/agents/keys/${key.keyId}/webhook`, { url: receiver.url });
  expect(put.status).toBe(201);
  secret = put.body.secret;
  mcp = await mcpClient(app.url, "streamable-http", key.headers);
  mcp.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.stop();
  await smtp?.stop();
  receiver.stop();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...key.headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = await res.json();
  expectContractResponse(method, path, res.status, res.headers.get("content-type"), parsed);
  return { status: res.status, body: parsed };
}

/** Looks (a bounded number of times, no timing asserted) until `found` returns something. */
async function until<T>(found: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await found();
    if (value !== undefined) return value;
    await Bun.sleep(20);
  }
  throw new Error(`never: ${what}`);
}

/** Creates an inquiry by REST and waits for its e-mail at the sink; returns the links as received. */
async function inquire(slug: string) {
  const res = await call("POST", "/api/agents/inquiries", inquiryFor(slug));
  expect(res.status).toBe(201);
  const id: string = res.body.inquiry_id;
  const mail: ReceivedMail = await until(
    () => smtp.messages.find((m) => m.parsed.text?.includes(id)),
    `the e-mail of ${id}`,
  );
  expect(mail.envelope.to).toEqual([`${slug}@experts.test`]);
  const link = (label: string) => mail.parsed.text!.match(new RegExp(`^${label}: (\\S+)$`, "m"))?.[1];
  return { id, links: { acknowledge: link("I'll reply")!, decline: link("Decline")! } };
}

/** The events the receiver got for one inquiry, each checked against the contract and verified. */
function eventsOf(id: string): Received[] {
  const mine = receiver.received.filter((r) => r.body?.data?.inquiry_id === id);
  for (const r of mine) {
    expectContractWebhook(r.headers, r.body);
    expect(verified.get(r)).toBe(true);
    expect(r.headers.get("webhook-id")).toBe(r.body.id);
  }
  return mine;
}

async function event(id: string, type: string): Promise<Received> {
  await until(
    () => receiver.received.find((r) => r.body?.data?.inquiry_id === id && r.body.type === type),
    `${type} for ${id}`,
  );
  return eventsOf(id).find((r) => r.body.type === type)!;
}

/** REST and MCP's get_inquiry_status give the same state; the webhook event says the same. */
async function agreed(id: string, webhook: Received) {
  const rest = (await call("GET", `/api/agents/inquiries/${id}`)).body;
  const tool = (await mcp.callTool({ name: "get_inquiry_status", arguments: { inquiry_id: id } })) as CallToolResult;
  expect(tool.isError ?? false).toBe(false);
  expectSchema("InquiryStatus", tool.structuredContent);
  expect(tool.structuredContent).toEqual(rest);
  const { data } = webhook.body;
  expect(data).toEqual({
    inquiry_id: id,
    status: rest.status,
    status_changed_at: rest.status_changed_at,
    decline_reason: rest.decline_reason,
    expert_slug: rest.expert_slug,
    created_at: rest.created_at,
  });
  return rest;
}

/** Opens a link as a browser would and reads its confirm form: where it posts, and its fields. */
async function openLink(url: string) {
  const res = await fetch(url);
  const html = await res.text();
  const form = html.match(/<form method="(\w+)" action="([^"]+)">([\s\S]*?)<\/form>/);
  const fields = Object.fromEntries(
    [...(form?.[3] ?? "").matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return {
    status: res.status,
    html,
    method: form?.[1],
    action: form?.[2],
    fields,
    hasReason: /<textarea[^>]*name="reason"/.test(html),
  };
}

/** Submits the confirm form as the page's button does (a form-encoded POST to its action). */
async function submit(form: Awaited<ReturnType<typeof openLink>>, extra: Record<string, string> = {}) {
  expect(form.method).toBe("post");
  const res = await fetch(new URL(form.action!, app.url), {
    method: "POST",
    body: new URLSearchParams({ ...form.fields, ...extra }),
  });
  return { status: res.status, html: await res.text() };
}

describe("the inquiry loop over the real paths", () => {
  let first: string;
  let expiring: string;

  it("has the MCP session's event stream open (an inquiry of the key nudged until it is heard)", async () => {
    // The SDK opens its stream by itself after initializing; a change before that is not heard.
    // A first inquiry's id is nudged on the trigger's channel until the session hears it; the
    // inquiries after it are made with the stream open, so each real change of theirs is one update.
    first = (await inquire(EXPERTS.expiry.slug)).id;
    await until(async () => {
      if (updates.includes(`inquiry://${first}`)) return true;
      await app.sql`select pg_notify('inquiry_status', ${`${first} delivered`})`;
    }, "the session's first update");
    await event(first, "inquiry.delivered");
    expiring = (await inquire(EXPERTS.expiry.slug)).id;
  });

  it('REST inquiry → e-mail → inquiry.delivered → "I\'ll reply" (GET changes nothing, POST acknowledges) → inquiry.acknowledged, on REST, MCP and the session', async () => {
    const uri = (id: string) => `inquiry://${id}`;
    const { id, links } = await inquire(EXPERTS.ack.slug);

    const delivered = await event(id, "inquiry.delivered");
    const atDelivery = await agreed(id, delivered);
    // the documented check refuses a changed byte and another secret (so a pass above means something)
    const signature = delivered.headers.get("webhook-signature")!;
    expect(verifyWebhook(secret, signature, delivered.raw)).toBe(true);
    expect(verifyWebhook(secret, signature, delivered.raw.replace("delivered", "declined"))).toBe(false);
    expect(verifyWebhook(`${secret}x`, signature, delivered.raw)).toBe(false);
    expect(atDelivery).toMatchObject({ status: "delivered", email_sent: true, decline_reason: null });
    // the delivery, heard by the session (its stream was open before the inquiry existed)
    await until(() => (updates.includes(uri(id)) ? true : undefined), "the update for delivered");

    // What a mail scanner or the expert's first click does: the page, and nothing else.
    const form = await openLink(links.acknowledge);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Tell the sender you will reply");
    expect(form.action).toBe("/inquiry-actions");
    expect(Object.keys(form.fields).sort()).toEqual(["locale", "token"]);
    expect(form.hasReason).toBe(false);
    expect((await openLink(links.acknowledge)).status).toBe(200);
    expect((await call("GET", `/api/agents/inquiries/${id}`)).body).toEqual(atDelivery);

    const confirmed = await submit(form);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("The sender now knows you will reply");

    const acknowledged = await event(id, "inquiry.acknowledged");
    const state = await agreed(id, acknowledged);
    expect(state.status).toBe("acknowledged");
    expect(Date.parse(state.status_changed_at)).toBeGreaterThanOrEqual(Date.parse(atDelivery.status_changed_at));
    expect(acknowledged.body.id).not.toBe(delivered.body.id);

    // Two real changes, two updates to the session: the second is the acknowledgement's. It reads
    // the resource and finds what REST says.
    await until(
      () => (updates.filter((u) => u === uri(id)).length >= 2 ? true : undefined),
      "the update for acknowledged",
    );
    const read = await mcp.readResource({ uri: uri(id) });
    expect(read.contents[0].mimeType).toBe("application/json");
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(state);

    // The link is spent: a second click changes nothing and sends nothing.
    expect((await openLink(links.acknowledge)).status).toBe(410);
    expect((await submit(form)).status).toBe(410);
    expect(eventsOf(id).map((r) => r.body.type)).toEqual(["inquiry.delivered", "inquiry.acknowledged"]);

    // The key's own view of its webhook lists both deliveries, answered 200 at the first try.
    const hook = await until(async () => {
      const res = await call("GET", `/api/agents/keys/${key.keyId}/webhook`);
      const both = res.body.deliveries.filter((d: any) =>
        [delivered.body.id, acknowledged.body.id].includes(d.event_id),
      );
      return both.length === 2 && both.every((d: any) => d.state === "delivered") ? both : undefined;
    }, "both deliveries recorded");
    for (const d of hook) expect(d).toMatchObject({ attempts: 1, last_status_code: 200 });
  });

  it("a decline with a reason through the page reaches the webhook as inquiry.declined with the reason", async () => {
    const { id, links } = await inquire(EXPERTS.decline.slug);
    await event(id, "inquiry.delivered");
    const form = await openLink(links.decline);
    expect(form.status).toBe(200);
    expect(form.hasReason).toBe(true);
    expect((await call("GET", `/api/agents/inquiries/${id}`)).body.status).toBe("delivered");

    const reason = "Fully booked until March; try Hana Kim.";
    const done = await submit(form, { reason });
    expect(done.status).toBe(200);
    const declined = await event(id, "inquiry.declined");
    expect(declined.body.data.decline_reason).toBe(reason);
    expect(await agreed(id, declined)).toMatchObject({ status: "declined", decline_reason: reason });
    expect(eventsOf(id).map((r) => r.body.type)).toEqual(["inquiry.delivered", "inquiry.declined"]);
  });

  it("an inquiry nobody answers reaches the webhook as inquiry.expired after the configured days", async () => {
    expect(app.config.inquiryExpiryDays).toBe(7);
    clockShiftMs = 7 * 86_400_000 + 60_000;
    const expired = await event(expiring, "inquiry.expired");
    const state = await agreed(expiring, expired);
    expect(state).toMatchObject({ status: "expired", decline_reason: null });
    await until(
      () => (updates.filter((u) => u === `inquiry://${expiring}`).length >= 2 ? true : undefined),
      "the update for expired",
    );
    expect(eventsOf(expiring).map((r) => r.body.type)).toEqual(["inquiry.delivered", "inquiry.expired"]);
    // the answered inquiries stayed as they were: the only other expiry is the first inquiry's
    await event(first, "inquiry.expired");
    await Bun.sleep(200); // the sweep and the sender look every 20 ms: an event for an answered inquiry would have come
    const expiredIds = receiver.received
      .filter((r) => r.body.type === "inquiry.expired")
      .map((r) => r.body.data.inquiry_id);
    expect(expiredIds.sort()).toEqual([first, expiring].sort());
    expect([...verified.values()].every(Boolean)).toBe(true);
  });
});
