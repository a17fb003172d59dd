import { describe, expect, it } from "bun:test";
import { api, testApp } from "./support/app.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey } from "./support/keys.ts";
import { TEST_PASSWORD, signUp, uniqueEmail } from "./support/session.ts";

// Issue 11, item 9: what the code answers is what the contract says (methods, media types,
// e-mail addresses, NUL characters).

async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { url } = await testApp();
  const res = await fetch(`${url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe("a known path with a method it does not serve", () => {
  const cases: [string, string, string][] = [
    ["DELETE", "/api/agents/experts", "GET, HEAD"],
    ["POST", "/api/agents/experts/some-expert", "GET, HEAD"],
    ["GET", "/api/agents/inquiries", "POST"],
    ["PUT", "/api/auth/login", "POST"],
    ["PATCH", "/api/agents/keys/3f6c1d2e-8a4b-4c7d-9e10-2b5a7c9d0e1f", "DELETE"],
    ["DELETE", "/api/agents/keys", "GET, HEAD, POST"],
  ];
  for (const [method, path, allow] of cases) {
    it(`${method} ${path} answers 405 with Allow: ${allow}`, async () => {
      const res = await raw(method, path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("content-type")).toStartWith("application/problem+json");
      expect(res.body).toMatchObject({ status: 405, title: "Method Not Allowed" });
    });
  }

  it("an unknown path is still 404", async () => {
    expect((await raw("GET", "/api/agents/nothing-here")).status).toBe(404);
    expect((await raw("POST", "/api/agents/experts/a/b/c")).status).toBe(404);
  });
});

describe("bodies that are not JSON", () => {
  it("get 415 on sign-up, log-in, key creation and inquiries, and change nothing", async () => {
    const { cookie } = await signUp();
    const key = await createTestKey((await testApp()).sql);
    const form = "email=a%40example.com&password=correct+horse+battery";
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      expect((await api("POST", "/api/auth/signup", { rawBody: form, headers: { "content-type": type } })).status).toBe(
        415,
      );
      expect((await api("POST", "/api/auth/login", { rawBody: form, headers: { "content-type": type } })).status).toBe(
        415,
      );
      expect(
        (await api("POST", "/api/agents/keys", { rawBody: "name=x", headers: { "content-type": type, cookie } }))
          .status,
      ).toBe(415);
      expect(
        (
          await api("POST", "/api/agents/inquiries", {
            rawBody: "{}",
            headers: { "content-type": type, ...key.headers },
          })
        ).status,
      ).toBe(415);
    }
    const { sql } = await testApp();
    expect(await sql`select 1 from users where email = 'a@example.com'`).toHaveLength(0);
    // JSON with a parameter or a +json type is JSON
    const ok = await api("POST", "/api/auth/signup", {
      rawBody: JSON.stringify({ email: uniqueEmail("media"), password: TEST_PASSWORD }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(ok.status).toBe(201);
  });
});

describe("e-mail addresses follow the contract's EmailAddress", () => {
  it("refuses quoted local parts and IP literals with 400, accepts dot-atoms", async () => {
    for (const email of [
      '"a b"@example.com',
      "user@[127.0.0.1]",
      "user@localhost",
      "a..b@example.com",
      "user@-x.com",
    ]) {
      const res = await api("POST", "/api/auth/signup", { body: { email, password: TEST_PASSWORD } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: "email", message: "must be an e-mail address" }]);
    }
    const key = await createTestKey((await testApp()).sql);
    const [{ slug }] = await (await testApp())
      .sql`select slug from experts where is_public and is_verified order by id limit 1`;
    const res = await api("POST", "/api/agents/inquiries", {
      body: inquiryFor(slug, { requester_email: "o'brien+tax@mail.example.co.uk" }),
      headers: key.headers,
    });
    expect(res.status).toBe(201);
  });
});

describe("NUL characters", () => {
  it("are a documented 400 naming the field, in bodies and query strings", async () => {
    const signup = await api("POST", "/api/auth/signup", {
      body: { email: uniqueEmail("nul"), password: "correct\u0000horse battery" },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.errors).toEqual([{ field: "password", message: "must not contain NUL characters" }]);
    const search = await api("GET", "/api/agents/experts?q=tax%00");
    expect(search.status).toBe(400);
    expect(search.body.errors[0].field).toBe("q");
  });
});
