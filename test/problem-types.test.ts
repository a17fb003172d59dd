import { beforeAll, describe, expect, it } from "bun:test";
import { PROBLEM_KINDS } from "../src/http/problem-types.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey } from "./support/keys.ts";

// Problem `type`s are pages of this server, one per kind, that say what happened and what to do;
// the `title` stays the HTTP status phrase.

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

/** The page a problem's type points to, resolved against the request's URL as RFC 9457 says. */
async function typePage(requestPath: string, type: string) {
  const res = await fetch(new URL(type, `${app.url}${requestPath}`));
  return { status: res.status, type: res.headers.get("content-type"), html: await res.text() };
}

describe("problem types", () => {
  it("point to a page of this server for each kind the API answers with, title unchanged", async () => {
    const key = await createTestKey(app.sql);
    const [{ slug }] = await app.sql<
      { slug: string }[]
    >`select slug from experts where is_public and is_verified and accepting_clients is not false and availability_status is distinct from 'closed' order by id desc limit 1`;
    const cases: [string, () => Promise<{ status: number; body: any }>, string, string][] = [
      [
        "/api/agents/experts?limit=99",
        () => api("GET", "/api/agents/experts?limit=99"),
        "invalid-request",
        "Bad Request",
      ],
      [
        "/api/agents/inquiries",
        () => api("POST", "/api/agents/inquiries", { body: inquiryFor(slug) }),
        "unauthorized",
        "Unauthorized",
      ],
      [
        "/api/agents/experts/nobody-here",
        () => api("GET", "/api/agents/experts/nobody-here"),
        "not-found",
        "Not Found",
      ],
      // not an operation of the contract, so not through api(), which checks answers against it
      [
        "/api/agents/inquiries",
        async () => {
          const res = await fetch(`${app.url}/api/agents/inquiries`);
          return { status: res.status, body: await res.json() };
        },
        "method-not-allowed",
        "Method Not Allowed",
      ],
      [
        "/api/agents/inquiries",
        () =>
          api("POST", "/api/agents/inquiries", {
            rawBody: "a=1",
            headers: { ...key.headers, "content-type": "application/x-www-form-urlencoded" },
          }),
        "unsupported-media-type",
        "Unsupported Media Type",
      ],
    ];
    for (const [path, call, kind, title] of cases) {
      const { status, body } = await call();
      expect(body.type, kind).toBe(`/problems/${kind}`);
      expect(body.title).toBe(title);
      expect(status).toBe(PROBLEM_KINDS[kind].status);
      const page = await typePage(path, body.type);
      expect(page.status).toBe(200);
      expect(page.type).toStartWith("text/html");
      expect(page.html).toContain(`<h1>${title}</h1>`);
      expect(page.html).toContain("What to do");
    }

    // The sixth inquiry to one expert within 24 hours: a kind of its own.
    for (let i = 0; i < 5; i++)
      expect(
        (await api("POST", "/api/agents/inquiries", { body: inquiryFor(slug), headers: key.headers })).status,
      ).toBe(201);
    const limited = await api("POST", "/api/agents/inquiries", { body: inquiryFor(slug), headers: key.headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ type: "/problems/inquiry-limit", title: "Too Many Requests" });
    expect((await typePage("/api/agents/inquiries", limited.body.type)).html).toContain("5 inquiries to this expert");
  });

  it("has a page for every kind, an index of them, and a 404 for an unknown kind", async () => {
    const index = await fetch(`${app.url}/problems`);
    const indexHtml = await index.text();
    for (const [kind, k] of Object.entries(PROBLEM_KINDS)) {
      expect(indexHtml).toContain(`href="/problems/${kind}"`);
      const page = await fetch(`${app.url}/problems/${kind}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`HTTP ${k.status}`);
      expect(html).toContain("What happened");
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    }
    expect((await fetch(`${app.url}/problems/no-such-kind`)).status).toBe(404);
  });
});
