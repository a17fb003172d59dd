import { beforeAll, describe, expect, it } from "bun:test";
import type { components } from "../generated/agents.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { expectContractResponse } from "./support/contract.ts";
import { createTestKey, revokeTestKey, type TestKey } from "./support/keys.ts";

// POST /api/agents/inquiries on the shared app (no SMTP_URL: e-mails stay in the outbox). Every
// response goes through api(), which checks it against the contract.

type Inquiry = components["schemas"]["Inquiry"];

let app: TestApp;
let slug: string;
let otherSlug: string;

beforeAll(async () => {
  app = await testApp();
  const rows = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 2`;
  [slug, otherSlug] = rows.map((r) => r.slug);
}, 120_000);

function body(overrides: Record<string, unknown> = {}) {
  return inquiryFor(slug, overrides);
}

function post(key: TestKey | null, payload: unknown, headers: Record<string, string> = {}) {
  return api<any>("POST", "/api/agents/inquiries", { body: payload, headers: { ...key?.headers, ...headers } });
}

async function countInquiries(key: TestKey): Promise<number> {
  const [{ n }] = await app.sql<
    { n: number }[]
  >`select count(*)::int as n from inquiries where api_key_id = ${key.keyId}`;
  return n;
}

describe("POST /api/agents/inquiries: success", () => {
  it("returns 201 with the inquiry and records it with its e-mail in the outbox", async () => {
    const key = await createTestKey(app.sql);
    const res = await post(key, body());
    expect(res.status).toBe(201);
    const inquiry = res.body as Inquiry;
    expect(inquiry.status).toBe("pending");
    expect(inquiry.email_sent).toBe(false);
    expect(inquiry.expert_profile_url).toEndWith(`/experts/${slug}`);
    expect(inquiry.booking_url).toEndWith(`/experts/${slug}#booking`);
    expect(Math.abs(Date.parse(inquiry.created_at) - Date.now())).toBeLessThan(60_000);

    const [row] =
      await app.sql`select i.*, e.slug, e.email as expert_email from inquiries i join experts e on e.id = i.expert_id where i.id = ${inquiry.inquiry_id}`;
    expect(row.slug).toBe(slug);
    expect(row.api_key_id).toBe(key.keyId);
    expect(row.requester_email).toBe("alex.morgan@example.com");
    expect(row.context).toEqual({ timezone: "America/New_York", budget_usd: 300 });
    // the expert's address is used for the e-mail and never shown
    expect(JSON.stringify(res.body)).not.toContain(row.expert_email);

    const [mail] = await app.sql`select * from outbox where inquiry_id = ${inquiry.inquiry_id}`;
    expect(mail.sent_at).toBeNull();
    expect(mail.message.to.address).toBe(row.expert_email);
    expect(mail.message.replyTo.address).toBe("alex.morgan@example.com");
  });

  it("accepts an inquiry without context and a Content-Type with charset", async () => {
    const key = await createTestKey(app.sql);
    const { context: _omitted, ...withoutContext } = body();
    const res = await post(key, withoutContext, { "content-type": "application/json; charset=utf-8" });
    expect(res.status).toBe(201);
    const [row] = await app.sql`select context from inquiries where id = ${res.body.inquiry_id}`;
    expect(row.context).toBeNull();
  });
});

describe("POST /api/agents/inquiries: 401", () => {
  it("refuses a missing, malformed, unknown or revoked key, and writes nothing", async () => {
    const missing = await post(null, body());
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toStartWith("Bearer");

    const malformed = await post(null, body(), { authorization: "Bearer not-a-key" });
    expect(malformed.status).toBe(401);
    const unknown = await post(null, body(), { authorization: `Bearer edk_live_${"A".repeat(40)}` });
    expect(unknown.status).toBe(401);

    const key = await createTestKey(app.sql);
    await revokeTestKey(app.sql, key.keyId);
    const revoked = await post(key, body());
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toContain("revoked");
    expect(await countInquiries(key)).toBe(0);
  });

  it("checks the key before the body: no key and a bad body is still 401", async () => {
    const res = await post(null, { nonsense: true });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/agents/inquiries: 404", () => {
  let key: TestKey;
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  beforeAll(async () => {
    key = await createTestKey(app.sql);
    await app.sql`
      insert into experts (slug, name, email, is_public, is_verified) values
        (${`inq-hidden-${suffix}`}, 'Hidden Expert', 'hidden@example.com', false, true),
        (${`inq-unverified-${suffix}`}, 'Unverified Expert', 'unverified@example.com', true, false)`;
  });

  it("answers 404 for an unknown, a hidden and an unverified expert", async () => {
    for (const target of ["no-such-expert-anywhere", `inq-hidden-${suffix}`, `inq-unverified-${suffix}`]) {
      const res = await post(key, body({ expert_slug: target }));
      expect(res.status).toBe(404);
    }
    expect(await countInquiries(key)).toBe(0);
  });
});

describe("POST /api/agents/inquiries: 400", () => {
  let key: TestKey;
  beforeAll(async () => {
    key = await createTestKey(app.sql);
  });

  async function expect400(payload: unknown, fields: string[], headers: Record<string, string> = {}) {
    const res = await post(key, payload, headers);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toStartWith("application/problem+json");
    expect([...new Set(res.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual([...fields].sort());
    return res;
  }

  it("names every missing field at once", async () => {
    await expect400({}, ["expert_slug", "requester_name", "requester_email", "message"]);
  });

  it("names every wrong type, unknown field and bad value at once", async () => {
    const res = await expect400(
      {
        expert_slug: 42,
        requester_name: "",
        requester_email: "not an address",
        message: "x".repeat(2001),
        context: ["not", "an", "object"],
        priority: "urgent",
      },
      ["expert_slug", "requester_name", "requester_email", "message", "context", "priority"],
    );
    const priority = res.body.errors.find((e: { field: string }) => e.field === "priority");
    expect(priority.message).toBe("is not an allowed field");
  });

  it("bounds the name (200), the message (2000) and the e-mail syntax", async () => {
    await expect400(body({ requester_name: "n".repeat(201) }), ["requester_name"]);
    await expect400(body({ message: "" }), ["message"]);
    await expect400(body({ requester_email: "alex@" }), ["requester_email"]);
    await expect400(body({ requester_email: "alex@example.com\r\nBcc: victim@example.com" }), ["requester_email"]);
    await expect400(body({ expert_slug: "Not A Slug!" }), ["expert_slug"]);
    // the bounds themselves are fine
    const ok = await post(key, body({ requester_name: "n".repeat(200), message: "m".repeat(2000) }));
    expect(ok.status).toBe(201);
  });

  it("refuses a blank name or message", async () => {
    await expect400(body({ requester_name: "   ", message: "\n\t " }), ["requester_name", "message"]);
  });

  it("takes context as one level of at most 20 keys (1 to 64 characters) of strings (500), numbers and booleans", async () => {
    async function refused(context: unknown, field: string, message: string) {
      const res = await expect400(body({ context }), [field]);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    // a nested object or array, or null: a 400 naming the key, whatever it holds
    await refused({ prefs: { languages: ["en"] } }, "context.prefs", "must be string, number or boolean");
    await refused({ languages: ["en", "de"] }, "context.languages", "must be string, number or boolean");
    await refused({ budget: null }, "context.budget", "must be string, number or boolean");
    await refused({ notes: "x".repeat(501) }, "context.notes", "must NOT have more than 500 characters");
    await refused({ ["k".repeat(65)]: 1 }, `context.${"k".repeat(65)}`, "key must NOT have more than 64 characters");
    await refused({ "": "x" }, "context.", "key must NOT have fewer than 1 characters");
    await refused(
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      "context",
      "must NOT have more than 20 properties",
    );

    // the bounds themselves are fine, and stored as given
    const most = {
      ...Object.fromEntries(
        Array.from({ length: 17 }, (_, i) => [`${"k".repeat(62)}${String(i).padStart(2, "0")}`, i]),
      ),
      notes: "n".repeat(500),
      urgent: true,
      budget_usd: 299.5,
    };
    const ok = await post(key, body({ context: most }));
    expect(ok.status).toBe(201);
    const [row] = await app.sql`select context from inquiries where id = ${ok.body.inquiry_id}`;
    expect(row.context).toEqual(most);
  });

  it("refuses a body that is not a JSON object", async () => {
    for (const rawBody of ["{not json", "[1, 2]", '"text"', "null", ""]) {
      const res = await api("POST", "/api/agents/inquiries", {
        rawBody,
        headers: { ...key.headers, "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe("body");
    }
  });

  it("refuses a body sent with a Content-Type other than JSON with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await api("POST", "/api/agents/inquiries", {
        rawBody: JSON.stringify(body()),
        headers: { ...key.headers, "content-type": type },
      });
      expect(res.status).toBe(415);
      expect(res.body.detail).toContain("Content-Type: application/json");
    }
  });

  it("refuses an Idempotency-Key longer than 255 characters, together with the body's faults", async () => {
    await expect400(body({ message: "" }), ["message", "Idempotency-Key"], { "idempotency-key": "k".repeat(256) });
  });

  it("created nothing for any of the refused requests", async () => {
    // the 201s above are the only inquiries of this key
    expect(await countInquiries(key)).toBe(2);
  });
});

describe("POST /api/agents/inquiries: 413", () => {
  it("refuses a body over 64 KB with 413", async () => {
    const key = await createTestKey(app.sql);
    const res = await post(key, body({ context: { notes: "x".repeat(70 * 1024) } }));
    expect(res.status).toBe(413);
    expect(await countInquiries(key)).toBe(0);
  });

  it("refuses a chunked body (no Content-Length) once it passes 64 KB", async () => {
    const key = await createTestKey(app.sql);
    const big = new TextEncoder().encode(JSON.stringify(body({ message: "x".repeat(70 * 1024) })));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < big.length; i += 8192) controller.enqueue(big.slice(i, i + 8192));
        controller.close();
      },
    });
    const res = await fetch(`${app.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json" },
      body: stream,
    });
    const problem = await res.json();
    expectContractResponse("POST", "/api/agents/inquiries", res.status, res.headers.get("content-type"), problem);
    expect(res.status).toBe(413);
    expect(await countInquiries(key)).toBe(0);
  });
});

describe("POST /api/agents/inquiries: 5 per key and expert per 24 hours", () => {
  it("allows 5, refuses the 6th with Retry-After, and counts per expert and per key", async () => {
    const key = await createTestKey(app.sql);
    for (let i = 0; i < 5; i++) expect((await post(key, body({ message: `question ${i}` }))).status).toBe(201);
    const refused = await post(key, body({ message: "one more" }));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    // the oldest of the five was sent a moment ago: it leaves the window in (almost) 24 hours
    expect(retryAfter).toBeGreaterThan(86_400 - 120);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.body.detail).toContain(`Retry after ${retryAfter} seconds`);

    // another expert, and another key to the same expert, are not affected
    expect((await post(key, body({ expert_slug: otherSlug }))).status).toBe(201);
    const other = await createTestKey(app.sql);
    expect((await post(other, body())).status).toBe(201);
  });

  it("says how long until the oldest of the 5 leaves the window", async () => {
    const key = await createTestKey(app.sql);
    const [{ id: expertId }] = await app.sql`select id from experts where slug = ${slug}`;
    // five earlier inquiries, the oldest 23 hours ago, one 25 hours ago that no longer counts
    for (const hoursAgo of [25, 23, 20, 10, 5, 1]) {
      await app.sql`
        insert into inquiries (api_key_id, expert_id, requester_name, requester_email, message, created_at)
        values (${key.keyId}, ${expertId}, 'Earlier', 'earlier@example.com', 'earlier', now() - ${hoursAgo} * interval '1 hour')`;
    }
    const refused = await post(key, body());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // once the oldest has left the window, one more is allowed
    await app.sql`update inquiries set created_at = now() - interval '24 hours 1 second'
                  where api_key_id = ${key.keyId} and created_at < now() - interval '22 hours' and created_at > now() - interval '24 hours'`;
    expect((await post(key, body())).status).toBe(201);
    expect((await post(key, body())).status).toBe(429);
  });

  it("holds at exactly 5 when 20 requests race", async () => {
    const key = await createTestKey(app.sql);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(key, body({ message: `race ${i}` }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await countInquiries(key)).toBe(5);
  });
});

describe("POST /api/agents/inquiries: 5 per account and expert, whatever the key", () => {
  it("refuses the 6th through a new key of the same account, and through a revoked key's successor", async () => {
    const first = await createTestKey(app.sql);
    for (let i = 0; i < 3; i++) expect((await post(first, body({ message: `first key ${i}` }))).status).toBe(201);
    await revokeTestKey(app.sql, first.keyId);
    // a fresh key of the same account: only 2 more are allowed
    const { generateApiKey } = await import("../src/keys/api-key.ts");
    const fresh = generateApiKey();
    const [row] = await app.sql<{ id: string }[]>`
      insert into api_keys (user_id, name, key_hash, key_prefix) values (${first.userId}, 'rotated', ${fresh.keyHash}, ${fresh.keyPrefix})
      returning id`;
    const second: TestKey = {
      ...first,
      key: fresh.key,
      keyId: row.id,
      headers: { authorization: `Bearer ${fresh.key}` },
    };
    expect((await post(second, body({ message: "second key 1" }))).status).toBe(201);
    expect((await post(second, body({ message: "second key 2" }))).status).toBe(201);
    const refused = await post(second, body({ message: "one too many" }));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toContain("This account");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(86_400 - 120);
    // another account is not affected
    expect((await post(await createTestKey(app.sql), body())).status).toBe(201);
  });
});

describe("POST /api/agents/inquiries: Idempotency-Key", () => {
  it("replays the first response for the same key and body, creating nothing", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": crypto.randomUUID() };
    const first = await post(key, body(), headers);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // the same body with its keys in another order is the same request
    const reordered = Object.fromEntries(Object.entries(body()).reverse());
    const again = await post(key, reordered, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await countInquiries(key)).toBe(1);
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from outbox where inquiry_id = ${first.body.inquiry_id}`;
    expect(n).toBe(1);
  });

  it("answers 422 when the key is reused with a different body", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": "order-7" };
    expect((await post(key, body(), headers)).status).toBe(201);
    const changed = await post(key, body({ message: "Something else entirely" }), headers);
    expect(changed.status).toBe(422);
    expect(await countInquiries(key)).toBe(1);
  });

  it("keeps keys of different API keys apart", async () => {
    const [a, b] = [await createTestKey(app.sql), await createTestKey(app.sql)];
    const headers = { "idempotency-key": "shared-value" };
    const first = await post(a, body(), headers);
    const second = await post(b, body({ message: "Another question" }), headers);
    expect(second.status).toBe(201);
    expect(second.body.inquiry_id).not.toBe(first.body.inquiry_id);
  });

  it("replays rather than refusing when the limit has since been reached", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": "first-of-five" };
    const first = await post(key, body(), headers);
    for (let i = 0; i < 4; i++) expect((await post(key, body({ message: `more ${i}` }))).status).toBe(201);
    const retry = await post(key, body(), headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await post(key, body({ message: "sixth" }))).status).toBe(429);
  });

  it("creates one inquiry when duplicates race", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": crypto.randomUUID() };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(key, body(), headers)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.inquiry_id)).size).toBe(1);
    expect(await countInquiries(key)).toBe(1);
  });

  it("forgets a key after 24 hours", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": "old-key" };
    const first = await post(key, body(), headers);
    await app.sql`update idempotency_records set created_at = now() - interval '25 hours' where api_key_id = ${key.keyId}`;
    const later = await post(key, body({ message: "A new question with an old key" }), headers);
    expect(later.status).toBe(201);
    expect(later.body.inquiry_id).not.toBe(first.body.inquiry_id);
    expect(await countInquiries(key)).toBe(2);
  });

  it("does not remember refusals: a retry after a 404 is evaluated again", async () => {
    const key = await createTestKey(app.sql);
    const headers = { "idempotency-key": "after-404" };
    expect((await post(key, body({ expert_slug: "nobody-by-this-name" }), headers)).status).toBe(404);
    expect((await post(key, body(), headers)).status).toBe(201);
  });
});
