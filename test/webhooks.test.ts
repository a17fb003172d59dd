import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { systemResolver } from "../src/webhooks/address-policy.ts";
import { postWebhook } from "../src/webhooks/post.ts";
import { startWebhookSender } from "../src/webhooks/sender.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { expectContractResponse, expectSchema } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { startReceiver, verifiedBy } from "./support/webhook-receiver.ts";

// Webhooks of API keys (issue 21), over the wire: registered with the key or the dashboard
// session, events POSTed to a receiver on 127.0.0.1 when an inquiry's status changes, signed,
// retried after a 500; private addresses refused without WEBHOOK_ALLOW_PRIVATE. The status is
// moved with `update inquiries set status = …`, as the e-mail sender and the expert's links do.

setDefaultTimeout(60_000);

async function call(
  app: TestApp,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  const body = contentType?.includes("json") && text ? JSON.parse(text) : text;
  expectContractResponse(method, path, res.status, contentType, body);
  return { status: res.status, headers: res.headers, body };
}

async function sendInquiry(app: TestApp, key: TestKey): Promise<string> {
  const [{ slug }] = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 1`;
  const res = await call(app, "POST", "/api/agents/inquiries", { body: inquiryFor(slug), headers: key.headers });
  expect(res.status).toBe(201);
  return res.body.inquiry_id;
}

/** Polls the database (a bounded number of looks) until `sql` returns a row. */
async function eventually<T>(look: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const found = await look();
    if (found) return found;
    await Bun.sleep(20);
  }
  throw new Error(`never: ${what}`);
}

describe("webhooks with WEBHOOK_ALLOW_PRIVATE=1", () => {
  let app: TestApp;
  // The first POST of each acknowledged event is answered 500, every other one 200.
  const receiver = startReceiver((attempt, r) => (r.body.type === "inquiry.acknowledged" && attempt === 1 ? 500 : 200));

  beforeAll(async () => {
    // A back-off of 10 ms and a look every 20 ms: the retry comes without the test waiting 30 s.
    app = await startApp({
      env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_BASE_MS: "10", WEBHOOK_INTERVAL_MS: "20" },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    receiver.stop();
  });

  it("delivers inquiry.delivered then inquiry.acknowledged, signed with the secret shown once, and retries after a 500", async () => {
    const key = await createTestKey(app.sql);
    const put = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
      body: { url: receiver.url },
      headers: key.headers,
    });
    expect(put.status).toBe(201);
    expect(put.headers.get("cache-control")).toBe("no-store");
    const secret: string = put.body.secret;
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(put.body.url).toBe(receiver.url);

    const inquiryId = await sendInquiry(app, key);
    await app.sql`update inquiries set status = 'delivered' where id = ${inquiryId}`;
    await receiver.until((r) => r.some((x) => x.body.type === "inquiry.delivered"), "inquiry.delivered");
    await app.sql`update inquiries set status = 'acknowledged' where id = ${inquiryId}`;
    await receiver.until(
      (r) => r.filter((x) => x.body.type === "inquiry.acknowledged").length >= 2,
      "the acknowledged event twice",
    );

    const mine = receiver.received.filter((r) => r.body.data.inquiry_id === inquiryId);
    expect(mine.map((r) => r.body.type)).toEqual(["inquiry.delivered", "inquiry.acknowledged", "inquiry.acknowledged"]);
    for (const r of mine) {
      expectSchema("WebhookEvent", r.body);
      expect(r.headers.get("content-type")).toBe("application/json");
      expect(r.headers.get("webhook-id")).toBe(r.body.id);
      expect(verifiedBy(secret, r.headers.get("webhook-signature"), r.raw)).toBe(true);
      // a byte changed, or another secret: the signature no longer holds
      expect(verifiedBy(secret, r.headers.get("webhook-signature"), r.raw.replace("inquiry.", "inquiry_"))).toBe(false);
      expect(verifiedBy(`${secret}x`, r.headers.get("webhook-signature"), r.raw)).toBe(false);
    }
    const [delivered, acknowledged, retried] = mine;
    expect(delivered.body.data).toMatchObject({ inquiry_id: inquiryId, status: "delivered", decline_reason: null });
    expect(acknowledged.body.data.status).toBe("acknowledged");
    // the retry is the same event: same id, same bytes (a receiver deduplicates by the id)
    expect(retried.body.id).toBe(acknowledged.body.id);
    expect(retried.raw).toBe(acknowledged.raw);
    expect(acknowledged.body.id).not.toBe(delivered.body.id);

    // the last deliveries, by API (the key itself): status code, attempts, time; never the secret
    const seen = await eventually(async () => {
      const res = await call(app, "GET", `/api/agents/keys/${key.keyId}/webhook`, { headers: key.headers });
      return res.body.deliveries?.[0]?.state === "delivered" ? res : undefined;
    }, "the acknowledged event recorded as delivered");
    expect(JSON.stringify(seen.body)).not.toContain(secret);
    expect(seen.body.deliveries.map((d: any) => [d.type, d.state, d.attempts, d.last_status_code])).toEqual([
      ["inquiry.acknowledged", "delivered", 2, 200],
      ["inquiry.delivered", "delivered", 1, 200],
    ]);
    expect(seen.body.deliveries[0].event_id).toBe(acknowledged.body.id);
    expect(app.rawLog()).not.toContain(secret);
  });

  it("signs with both secrets for a day after a rotation, and with the new one only once that ends", async () => {
    const key = await createTestKey(app.sql);
    const { body: created } = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
      body: { url: receiver.url },
      headers: key.headers,
    });
    const rotated = await call(app, "POST", `/api/agents/keys/${key.keyId}/webhook/secret`, { headers: key.headers });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const inquiryId = await sendInquiry(app, key);
    await app.sql`update inquiries set status = 'delivered' where id = ${inquiryId}`;
    await receiver.until((r) => r.some((x) => x.body.data.inquiry_id === inquiryId), "the event after the rotation");
    const during = receiver.received.find((x) => x.body.data.inquiry_id === inquiryId)!;
    expect(during.headers.get("webhook-signature")!.match(/v1=/g)).toHaveLength(2);
    expect(verifiedBy(rotated.body.secret, during.headers.get("webhook-signature"), during.raw)).toBe(true);
    expect(verifiedBy(created.secret, during.headers.get("webhook-signature"), during.raw)).toBe(true);

    // the grace period over (moved back instead of waited for): the old secret signs no more
    await app.sql`update webhooks set previous_secret_expires_at = now() - interval '1 second' where api_key_id = ${key.keyId}`;
    await app.sql`update inquiries set status = 'declined', decline_reason = ${"Fully booked until August."} where id = ${inquiryId}`;
    await receiver.until(
      (r) => r.some((x) => x.body.data.inquiry_id === inquiryId && x.body.type === "inquiry.declined"),
      "inquiry.declined",
    );
    const after = receiver.received.find(
      (x) => x.body.data.inquiry_id === inquiryId && x.body.type === "inquiry.declined",
    )!;
    expect(after.body.data.decline_reason).toBe("Fully booked until August.");
    expect(verifiedBy(rotated.body.secret, after.headers.get("webhook-signature"), after.raw)).toBe(true);
    expect(verifiedBy(created.secret, after.headers.get("webhook-signature"), after.raw)).toBe(false);
  });

  it("is managed from the dashboard session for the account's keys; a key manages only its own", async () => {
    const email = `webhook-owner-${process.pid}-${Date.now()}@example.com`;
    const origin = { origin: app.url };
    const signup = await call(app, "POST", "/api/auth/signup", {
      body: { email, password: "correct horse battery staple" },
      headers: origin,
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .find((c) => c.startsWith("ed_session="))!
      .split(";")[0];
    const created = await call(app, "POST", "/api/agents/keys", {
      body: { name: "hooked" },
      headers: { cookie, ...origin },
    });
    const keyId = created.body.id;

    const put = await call(app, "PUT", `/api/agents/keys/${keyId}/webhook`, {
      body: { url: receiver.url },
      headers: { cookie, ...origin },
    });
    expect(put.status).toBe(201);
    // a change of URL keeps the secret and shows none
    const changed = await call(app, "PUT", `/api/agents/keys/${keyId}/webhook`, {
      body: { url: `${receiver.url}?v=2` },
      headers: { cookie, ...origin },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.secret).toBeUndefined();
    expect(changed.body.url).toBe(`${receiver.url}?v=2`);

    // another key (another account) can neither read nor change it; without credentials: 401
    const stranger = await createTestKey(app.sql);
    expect((await call(app, "GET", `/api/agents/keys/${keyId}/webhook`, { headers: stranger.headers })).status).toBe(
      403,
    );
    expect(
      (
        await call(app, "PUT", `/api/agents/keys/${keyId}/webhook`, {
          body: { url: receiver.url },
          headers: stranger.headers,
        })
      ).status,
    ).toBe(403);
    expect((await call(app, "GET", `/api/agents/keys/${keyId}/webhook`)).status).toBe(401);
    // a cross-site page with the cookie is refused before anything changes
    expect(
      (
        await call(app, "DELETE", `/api/agents/keys/${keyId}/webhook`, {
          headers: { cookie, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);

    // the dashboard's page of the key: its URL, no secret, and (after an event) its last delivery
    const keyed = { headers: { authorization: `Bearer ${created.body.key}` } } as TestKey;
    const first = await sendInquiry(app, keyed);
    await app.sql`update inquiries set status = 'delivered' where id = ${first}`;
    await eventually(
      async () =>
        (await app.sql`select 1 from webhook_events where api_key_id = ${keyId} and delivered_at is not null`)[0],
      "the event delivered",
    );
    const page = await fetch(`${app.url}/dashboard/keys/${keyId}/webhook`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain(`value="${receiver.url}?v=2"`);
    expect(text).toContain("inquiry.delivered");
    expect(text).toMatch(/data-role="state">delivered<.*\n.*data-role="attempts">1<.*\n.*data-role="status">200</);
    expect(text).not.toContain(put.body.secret);
    expect(text).toContain('src="/dashboard/webhook.js"');
    expect((await fetch(`${app.url}/dashboard/webhook.js`)).status).toBe(200);
    expect(await (await fetch(`${app.url}/dashboard`, { headers: { cookie } })).text()).toContain(
      `href="/dashboard/keys/${keyId}/webhook"`,
    );
    // another account's key, or no session: no page
    expect((await fetch(`${app.url}/dashboard/keys/${stranger.keyId}/webhook`, { headers: { cookie } })).status).toBe(
      404,
    );
    expect((await fetch(`${app.url}/dashboard/keys/${keyId}/webhook`, { redirect: "manual" })).status).toBe(303);

    // removed: no more events for the key's inquiries
    expect(
      (await call(app, "DELETE", `/api/agents/keys/${keyId}/webhook`, { headers: { cookie, ...origin } })).status,
    ).toBe(204);
    expect((await call(app, "GET", `/api/agents/keys/${keyId}/webhook`, { headers: { cookie } })).status).toBe(404);
    const inquiryId = await sendInquiry(app, keyed);
    await app.sql`update inquiries set status = 'delivered' where id = ${inquiryId}`;
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from webhook_events where api_key_id = ${keyId} and data->>'inquiry_id' = ${inquiryId}`;
    expect(n).toBe(0);
  });

  it("makes no events for a revoked key, and drops those it had not sent", async () => {
    const key = await createTestKey(app.sql);
    await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
      body: { url: receiver.url },
      headers: key.headers,
    });
    const inquiryId = await sendInquiry(app, key);
    // One event left unsent (due in an hour), then the key revoked, then another change.
    await app.sql.begin(async (tx) => {
      await tx`update inquiries set status = 'delivered' where id = ${inquiryId}`;
      await tx`update webhook_events set next_attempt_at = now() + interval '1 hour' where api_key_id = ${key.keyId}`;
    });
    await app.sql`update api_keys set revoked_at = now() where id = ${key.keyId}`;
    await app.sql`update inquiries set status = 'acknowledged' where id = ${inquiryId}`;
    await app.sql`update webhook_events set next_attempt_at = now() where api_key_id = ${key.keyId}`;
    const event = await eventually(async () => {
      const [row] =
        await app.sql`select * from webhook_events where api_key_id = ${key.keyId} and failed_at is not null`;
      return row;
    }, "the unsent event dropped");
    expect(event.type).toBe("inquiry.delivered");
    expect(event.attempts).toBe(0);
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from webhook_events where api_key_id = ${key.keyId}`;
    expect(n).toBe(1);
    expect(receiver.received.some((r) => r.body.data.inquiry_id === inquiryId)).toBe(false);
  });

  it("stops retrying once the next try would fall past 24 hours after the event", async () => {
    const failing = startReceiver(() => 500);
    try {
      const key = await createTestKey(app.sql);
      await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
        body: { url: failing.url },
        headers: key.headers,
      });
      const inquiryId = await sendInquiry(app, key);
      // Made (as if) a day ago, in the same transaction as the change, before any sender sees it.
      await app.sql.begin(async (tx) => {
        await tx`update inquiries set status = 'delivered' where id = ${inquiryId}`;
        await tx`update webhook_events set created_at = now() - interval '24 hours' where api_key_id = ${key.keyId}`;
      });
      const event = await eventually(async () => {
        const [row] =
          await app.sql`select * from webhook_events where api_key_id = ${key.keyId} and failed_at is not null`;
        return row;
      }, "the event given up");
      expect(event.attempts).toBe(1);
      expect(event.last_status_code).toBe(500);
      expect(failing.received).toHaveLength(1);
      const res = await call(app, "GET", `/api/agents/keys/${key.keyId}/webhook`, { headers: key.headers });
      expect(res.body.deliveries[0]).toMatchObject({
        state: "failed",
        attempts: 1,
        last_status_code: 500,
        last_error: "answered 500",
        next_attempt_at: null,
      });
    } finally {
      failing.stop();
    }
  });

  it("POSTs each event once however many senders look at the same time (claims are leased)", async () => {
    const counting = startReceiver();
    // Three more senders on the same database beside the app's own, as other instances would run.
    const senders = [1, 2, 3].map(() =>
      startWebhookSender({ sql: app.sql, log: app.log, config: app.config.webhooks, resolve: systemResolver }),
    );
    try {
      const key = await createTestKey(app.sql);
      await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
        body: { url: counting.url },
        headers: key.headers,
      });
      // 30 inquiries written directly (the 5-per-expert limit is not under test), then all delivered at once.
      await app.sql`
        insert into inquiries (api_key_id, expert_id, requester_name, requester_email, message)
        select ${key.keyId}, (select id from experts order by id limit 1), 'Alex Morgan', 'alex@example.com', 'Hello ' || n
        from generate_series(1, 30) n`;
      await app.sql`update inquiries set status = 'delivered' where api_key_id = ${key.keyId}`;
      await counting.until((r) => new Set(r.map((x) => x.body.id)).size === 30, "30 events");
      await eventually(async () => {
        const [{ n }] = await app.sql<
          { n: number }[]
        >`select count(*)::int as n from webhook_events where api_key_id = ${key.keyId} and delivered_at is not null`;
        return n === 30 || undefined;
      }, "30 events recorded as delivered");
      expect(counting.received).toHaveLength(30);
      const [{ attempts }] = await app.sql<
        { attempts: number }[]
      >`select sum(attempts)::int as attempts from webhook_events where api_key_id = ${key.keyId}`;
      expect(attempts).toBe(30);
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
      counting.stop();
    }
  });

  it("refuses URLs that are not http(s), carry credentials, or are malformed", async () => {
    const key = await createTestKey(app.sql);
    for (const url of [
      "ftp://example.com/hook",
      "https://user:pw@example.com/hook",
      "not a url at all",
      "https://example.com/#frag",
    ]) {
      const res = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
        body: { url },
        headers: key.headers,
      });
      expect(res.status).toBe(400);
    }
    // Within the contract's 2048 characters as sent, but not once percent-encoded (each ' of the
    // query becomes %27), which is the form stored: a 400 naming the field, not the table's 500.
    const growing = `http://127.0.0.1:${receiver.port}/hook?q=${"'".repeat(1000)}`;
    expect(growing.length).toBeLessThanOrEqual(2048);
    const res = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
      body: { url: growing },
      headers: key.headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      field: "url",
      message: "is longer than 2048 characters once percent-encoded",
    });
    // the same length without anything to encode is registered as given
    const plain = `http://127.0.0.1:${receiver.port}/hook?q=${"a".repeat(1000)}`;
    const ok = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
      body: { url: plain },
      headers: key.headers,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.url).toBe(plain);
  });
});

describe("webhooks without WEBHOOK_ALLOW_PRIVATE", () => {
  let app: TestApp;
  const receiver = startReceiver();

  beforeAll(async () => {
    app = await startApp({ env: { WEBHOOK_RETRY_BASE_MS: "10", WEBHOOK_INTERVAL_MS: "20" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    receiver.stop();
  });

  it("refuses at registration URLs that are http: or point at private, loopback, link-local or special-use addresses", async () => {
    const key = await createTestKey(app.sql);
    const refused = [
      receiver.url, // http:, and loopback
      `https://127.0.0.1:${receiver.port}/hook`,
      `https://localhost:${receiver.port}/hook`, // a name that resolves to loopback
      "https://10.1.2.3/hook",
      "https://192.168.0.10/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://0.0.0.0/hook",
    ];
    for (const url of refused) {
      const res = await call(app, "PUT", `/api/agents/keys/${key.keyId}/webhook`, {
        body: { url },
        headers: key.headers,
      });
      expect(res.status, url).toBe(400);
      expect(res.body.errors[0].field).toBe("url");
    }
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from webhooks where api_key_id = ${key.keyId}`;
    expect(n).toBe(0);
  });

  it("refuses at delivery a URL whose host now resolves to a private address, and never calls it", async () => {
    const key = await createTestKey(app.sql);
    // As if registered while the name pointed elsewhere (DNS rebinding): stored directly.
    await app.sql`insert into webhooks (api_key_id, url, secret) values (${key.keyId}, ${`https://localhost:${receiver.port}/hook`}, ${`whsec_${"a".repeat(40)}`})`;
    const inquiryId = await sendInquiry(app, key);
    await app.sql`update inquiries set status = 'delivered' where id = ${inquiryId}`;
    const event = await eventually(async () => {
      const [row] = await app.sql`select * from webhook_events where api_key_id = ${key.keyId} and attempts >= 1`;
      return row;
    }, "a delivery attempt");
    expect(event.last_status_code).toBeNull();
    expect(event.last_error).toContain("special-use address");
    expect(event.delivered_at).toBeNull();
    expect(receiver.received).toHaveLength(0);
    const res = await call(app, "GET", `/api/agents/keys/${key.keyId}/webhook`, { headers: key.headers });
    expect(res.body.deliveries[0]).toMatchObject({ state: "pending", last_status_code: null });
    expect(res.body.deliveries[0].last_error).toContain("localhost resolves to");
  });
});

describe("postWebhook", () => {
  it("resolves once, checks, and connects to the address it checked (a second lookup could answer otherwise)", async () => {
    const receiver = startReceiver();
    try {
      let lookups = 0;
      // A name no DNS knows: the POST reaches the receiver only through the address checked.
      const resolve = async () =>
        ++lookups === 1
          ? [{ address: "127.0.0.1", family: 4 as const }]
          : [{ address: "10.0.0.1", family: 4 as const }];
      const url = `http://hooks.invalid:${receiver.port}/x`;
      const body = JSON.stringify({
        id: "00000000-0000-4000-8000-000000000000",
        type: "inquiry.delivered",
        created_at: new Date().toISOString(),
        data: {},
      });
      const ok = await postWebhook(url, {}, body, { allowPrivate: true, resolve, timeoutMs: 10_000 });
      expect(ok).toEqual({ status: 200, error: null });
      expect(lookups).toBe(1);
      expect(receiver.received[0].headers.get("host")).toBe(`hooks.invalid:${receiver.port}`);
      // without the setting, the private answer is refused before any connection
      const refused = await postWebhook(url, {}, body, { allowPrivate: false, resolve, timeoutMs: 10_000 });
      expect(refused.status).toBeNull();
      expect(refused.error).toContain("hooks.invalid resolves to 10.0.0.1");
      expect(receiver.received).toHaveLength(1);
    } finally {
      receiver.stop();
    }
  });
});

describe("the webhook settings", () => {
  it("default to public https addresses only, and refuse a bad value naming the variable", () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivate: false,
      intervalMs: 2000,
      retryBaseMs: 30_000,
      timeoutMs: 10_000,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "1" }).webhooks.allowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: "5" })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
  });
});
