import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { sha256Hex } from "../src/crypto.ts";
import { generateApiKey } from "../src/keys/api-key.ts";
import { api, testApp } from "./support/app.ts";
import { createKey, signUp } from "./support/session.ts";

// Suites start servers, browsers and argon2 checks on a shared, busy machine: 5 s is too tight.
setDefaultTimeout(30_000);

const crossSite = { origin: "https://evil.example" };

async function firstSlug(): Promise<string> {
  const res = await api("GET", "/api/agents/experts?limit=1");
  return res.body.experts[0].slug;
}

describe("GET /api/agents/keys", () => {
  it("returns 401 without a session, and with an unknown or malformed session cookie", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { cookie: "ed_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      { cookie: "ed_session=nonsense" },
    ]) {
      const res = await api("GET", "/api/agents/keys", { headers });
      expect(res.status).toBe(401);
      expect(res.body.detail).toContain("not logged in");
    }
  });

  it("lists only the caller's active keys, newest first, never with the plaintext or its hash", async () => {
    const { cookie } = await signUp();
    const other = await signUp();
    const otherKey = await createKey(other.cookie, "someone else's");
    expect((await api("GET", "/api/agents/keys", { headers: { cookie } })).body).toEqual({ keys: [] });
    const first = await createKey(cookie, "first");
    const second = await createKey(cookie, "second");
    const revoked = await createKey(cookie, "revoked");
    expect((await api("DELETE", `/api/agents/keys/${revoked.id}`, { headers: { cookie } })).status).toBe(200);

    const res = await api("GET", "/api/agents/keys", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.keys.map((k: { name: string }) => k.name)).toEqual(["second", "first"]);
    expect(res.body.keys[0]).toEqual({
      id: second.id,
      name: "second",
      key_prefix: second.key.slice(0, 12),
      created_at: second.created_at,
      last_used_at: null,
    });
    const text = JSON.stringify(res.body);
    for (const created of [first, second, revoked, otherKey]) {
      expect(text).not.toContain(created.key);
      expect(text).not.toContain(sha256Hex(created.key));
    }
  });
});

describe("POST /api/agents/keys", () => {
  it("returns 201 with the plaintext key and a warning once, and stores only its SHA-256", async () => {
    const { cookie, user } = await signUp();
    const res = await api("POST", "/api/agents/keys", { body: { name: "  Travel assistant " }, headers: { cookie } });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const created = res.body;
    expect(created.name).toBe("Travel assistant");
    expect(created.key).toMatch(/^edk_live_[0-9A-Za-z]{40}$/);
    expect(created.key_prefix).toBe(created.key.slice(0, 12));
    expect(created.warning).toContain("shown only once");
    const { sql } = await testApp();
    const rows = await sql`select * from api_keys where user_id = ${user.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(sha256Hex(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key);
  });

  it("returns 400 for a missing, blank, too long or extra field, and creates nothing", async () => {
    const { cookie, user } = await signUp();
    const bad: [unknown, string][] = [
      [{}, "name"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(101) }, "name"],
      [{ name: 7 }, "name"],
      [{ name: "ok", scope: "all" }, "scope"],
    ];
    for (const [body, field] of bad) {
      const res = await api("POST", "/api/agents/keys", { body, headers: { cookie } });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (await api("POST", "/api/agents/keys", { body: { name: "x".repeat(100) }, headers: { cookie } })).status,
    ).toBe(201);
    const { sql } = await testApp();
    const [{ n }] = await sql`select count(*)::int as n from api_keys where user_id = ${user.id}`;
    expect(n).toBe(1);
  });

  it("returns 401 when not logged in, also after logout", async () => {
    expect((await api("POST", "/api/agents/keys", { body: { name: "x" } })).status).toBe(401);
    const { cookie } = await signUp();
    expect((await api("POST", "/api/auth/logout", { headers: { cookie } })).status).toBe(204);
    expect((await api("POST", "/api/agents/keys", { body: { name: "x" }, headers: { cookie } })).status).toBe(401);
  });

  it("returns 403 for a cross-site request carrying the session cookie", async () => {
    const { cookie, user } = await signUp();
    const res = await api("POST", "/api/agents/keys", { body: { name: "x" }, headers: { cookie, ...crossSite } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain("Cross-site request refused");
    const nullOrigin = await api("POST", "/api/agents/keys", {
      body: { name: "x" },
      headers: { cookie, origin: "null" },
    });
    expect(nullOrigin.status).toBe(403);
    const fetchMetadata = await api("POST", "/api/agents/keys", {
      body: { name: "x" },
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(fetchMetadata.status).toBe(403);
    const { sql } = await testApp();
    const [{ n }] = await sql`select count(*)::int as n from api_keys where user_id = ${user.id}`;
    expect(n).toBe(0);
    // The server's own origin is accepted.
    const { url } = await testApp();
    expect(
      (await api("POST", "/api/agents/keys", { body: { name: "x" }, headers: { cookie, origin: url } })).status,
    ).toBe(201);
  });

  it("accepts, without PUBLIC_BASE_URL, the origin the request was addressed to, and no other", async () => {
    const { cookie } = await signUp();
    const { url } = await testApp();
    const alias = url.replace("127.0.0.1", "localhost");
    const refused = await api("POST", "/api/agents/keys", { body: { name: "x" }, headers: { cookie, origin: alias } });
    expect(refused.status).toBe(403);
    const accepted = await api("POST", "/api/agents/keys", {
      body: { name: "x" },
      headers: { cookie, origin: alias, host: new URL(alias).host },
    });
    expect(accepted.status).toBe(201);
  });

  it("returns 409 at 10 active keys and allows a new one after a revocation", async () => {
    const { cookie } = await signUp();
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await createKey(cookie, `key ${i}`));
    const res = await api("POST", "/api/agents/keys", { body: { name: "eleventh" }, headers: { cookie } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("10 active API keys");
    expect((await api("DELETE", `/api/agents/keys/${keys[3].id}`, { headers: { cookie } })).status).toBe(200);
    expect((await api("POST", "/api/agents/keys", { body: { name: "eleventh" }, headers: { cookie } })).status).toBe(
      201,
    );
    expect((await api("POST", "/api/agents/keys", { body: { name: "twelfth" }, headers: { cookie } })).status).toBe(
      409,
    );
  });

  it("caps key creations at 20 per account per 24 hours, revoked keys included (429 with Retry-After)", async () => {
    const { cookie, user } = await signUp();
    const { sql } = await testApp();
    // 19 keys created (and revoked) earlier today, one 25 hours ago that no longer counts
    for (let i = 0; i < 20; i++) {
      const hoursAgo = i === 0 ? 25 : 2;
      await sql`insert into api_keys (user_id, name, key_hash, key_prefix, created_at, revoked_at)
                values (${user.id}, ${`old ${i}`}, ${`hash-${user.id}-${i}`}, 'edk_live_old', now() - ${hoursAgo} * interval '1 hour', now())`;
    }
    expect((await api("POST", "/api/agents/keys", { body: { name: "twentieth" }, headers: { cookie } })).status).toBe(
      201,
    );
    const refused = await api("POST", "/api/agents/keys", { body: { name: "twenty-first" }, headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toContain("20 API keys in the last 24 hours");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(22 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    const [{ n }] = await sql`select count(*)::int as n from api_keys where user_id = ${user.id}`;
    expect(n).toBe(21);
  });

  it("holds the 10-key limit when 20 creations race", async () => {
    const { cookie, user } = await signUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", "/api/agents/keys", { body: { name: `race ${i}` }, headers: { cookie } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const { sql } = await testApp();
    const [{ n }] =
      await sql`select count(*)::int as n from api_keys where user_id = ${user.id} and revoked_at is null`;
    expect(n).toBe(10);
  });
});

describe("DELETE /api/agents/keys/{id}", () => {
  it("returns 200 with the revoked key, and the key gets 401 from the next request on", async () => {
    const { cookie } = await signUp();
    const created = await createKey(cookie, "to revoke");
    const slug = await firstSlug();
    const auth = { authorization: `Bearer ${created.key}` };
    expect((await api("GET", `/api/agents/experts/${slug}`, { headers: auth })).status).toBe(200);

    const res = await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      name: "to revoke",
      key_prefix: created.key_prefix,
      created_at: created.created_at,
    });
    expect(JSON.stringify(res.body)).not.toContain(created.key);

    for (const path of [
      "/api/agents/experts?limit=1",
      `/api/agents/experts/${slug}`,
      `/api/agents/experts/${slug}/availability`,
    ]) {
      const after = await api("GET", path, { headers: auth });
      expect(after.status).toBe(401);
      expect(after.body.detail).toContain("revoked");
    }
  });

  it("returns 401 when not logged in", async () => {
    const { cookie } = await signUp();
    const created = await createKey(cookie);
    expect((await api("DELETE", `/api/agents/keys/${created.id}`)).status).toBe(401);
  });

  it("returns 403 for another user's key and leaves it working", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const created = await createKey(owner.cookie);
    const res = await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie: intruder.cookie } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain("another account");
    expect(
      (await api("GET", "/api/agents/experts?limit=1", { headers: { authorization: `Bearer ${created.key}` } })).status,
    ).toBe(200);
    // Also once revoked by its owner: still 403 for others, who learn nothing of its state.
    expect((await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie: owner.cookie } })).status).toBe(
      200,
    );
    expect(
      (await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie: intruder.cookie } })).status,
    ).toBe(403);
  });

  it("returns 403 for a cross-site request and does not revoke", async () => {
    const { cookie } = await signUp();
    const created = await createKey(cookie);
    expect((await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie, ...crossSite } })).status).toBe(
      403,
    );
    expect(
      (await api("GET", "/api/agents/experts?limit=1", { headers: { authorization: `Bearer ${created.key}` } })).status,
    ).toBe(200);
  });

  it("returns 404 for an unknown id, 400 for an overlong one", async () => {
    const { cookie } = await signUp();
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const res = await api("DELETE", `/api/agents/keys/${id}`, { headers: { cookie } });
      expect(res.status).toBe(404);
    }
    const long = await api("DELETE", `/api/agents/keys/${"a".repeat(65)}`, { headers: { cookie } });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe("id");
  });

  it("returns 409 for a key that is already revoked", async () => {
    const { cookie } = await signUp();
    const created = await createKey(cookie);
    expect((await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie } })).status).toBe(200);
    const again = await api("DELETE", `/api/agents/keys/${created.id}`, { headers: { cookie } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("already revoked");
  });
});

describe("a Bearer key on the public read endpoints", () => {
  it("serves a request with no key anonymously and one with a valid key", async () => {
    const { cookie } = await signUp();
    const created = await createKey(cookie);
    expect((await api("GET", "/api/agents/experts?limit=1")).status).toBe(200);
    expect(
      (await api("GET", "/api/agents/experts?limit=1", { headers: { authorization: `Bearer ${created.key}` } })).status,
    ).toBe(200);
  });

  it("answers 401 for a malformed, unknown or revoked key, saying which", async () => {
    const { cookie } = await signUp();
    const revoked = await createKey(cookie);
    await api("DELETE", `/api/agents/keys/${revoked.id}`, { headers: { cookie } });
    const slug = await firstSlug();
    const cases: [string, RegExp][] = [
      ["Bearer abc", /must be `Bearer edk_live_/],
      ["Basic dXNlcjpwYXNz", /must be `Bearer edk_live_/],
      [`Bearer ${revoked.key.slice(0, 30)}`, /must be `Bearer edk_live_/],
      [`Bearer ${generateApiKey().key}`, /not known/],
      [`Bearer ${revoked.key}`, /revoked/],
    ];
    for (const [authorization, detail] of cases) {
      for (const path of ["/api/agents/experts?limit=1", `/api/agents/experts/${slug}`]) {
        const res = await api("GET", path, { headers: { authorization } });
        expect(res.status).toBe(401);
        expect(res.body.detail).toMatch(detail);
        expect(res.headers.get("www-authenticate")).toContain("invalid_token");
      }
    }
  });

  it("records last_used_at on use, at most about once a minute", async () => {
    const { cookie, user } = await signUp();
    const created = await createKey(cookie);
    const auth = { authorization: `Bearer ${created.key}` };
    const { sql } = await testApp();
    const lastUsed = async () =>
      (await sql`select last_used_at from api_keys where id = ${created.id}`)[0].last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    await api("GET", "/api/agents/experts?limit=1", { headers: auth });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await api("GET", "/api/agents/experts?limit=1", { headers: auth });
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    // A use more than a minute after the recorded one moves it.
    await sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${created.id}`;
    const before = (await lastUsed())!;
    await api("GET", "/api/agents/experts?limit=1", { headers: auth });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(before.getTime());
    const list = await api("GET", "/api/agents/keys", { headers: { cookie } });
    expect(list.body.keys[0].last_used_at).not.toBeNull();
    expect(user.id).toBeTruthy();
  });
});
