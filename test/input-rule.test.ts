import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { NUL_MESSAGE, SURROGATE_MESSAGE } from "../src/contract/index.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { mcpClient, resultText } from "./support/mcp.ts";
import { createKey, signUp, TEST_PASSWORD, uniqueEmail } from "./support/session.ts";

// Issue 18, "one input rule": text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) is a
// 400 naming the field wherever a client can put it (any JSON body, any depth, keys too; MCP tool
// arguments), with the same words over REST and MCP, and nothing is written. Before, a lone
// surrogate reached jsonb and answered 500 (22P02), and MCP answered NUL with an internal error.

const LONE = "A\ud800B";
const INTERNAL = "Something went wrong";

let app: TestApp;
let slug: string;
let key: TestKey;
let mcp: Client;

/** Every table a refused request must leave as it was. */
async function rows(): Promise<string> {
  const [row] = await app.sql`
    select (select count(*) from users) as users, (select count(*) from api_keys) as keys,
           (select count(*) from inquiries) as inquiries, (select count(*) from outbox) as outbox,
           (select count(*) from idempotency_records) as idempotency`;
  return JSON.stringify(row);
}

beforeAll(async () => {
  app = await testApp();
  [{ slug }] = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 1`;
  key = await createTestKey(app.sql);
  mcp = await mcpClient(app.url, "streamable-http", key.headers);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await mcp.callTool({ name, arguments: args })) as CallToolResult;

describe("REST: a lone surrogate anywhere in a JSON body is a 400 naming the field", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["requester_name", { requester_name: LONE }, "requester_name"],
    ["message", { message: `Please help ${LONE}` }, "message"],
    ["a context key", { context: { [`time${LONE}zone`]: "Europe/Berlin" } }, `context.time${LONE}zone`],
    ["a context value", { context: { timezone: LONE } }, "context.timezone"],
    ["a nested context value", { context: { prefs: { languages: ["en", `\udc00de`] } } }, "context.prefs.languages.1"],
  ];
  for (const [what, override, field] of cases) {
    it(`inquiry with one in ${what}: 400, no row written`, async () => {
      const before = await rows();
      const res = await api("POST", "/api/agents/inquiries", {
        body: inquiryFor(slug, override),
        headers: { ...key.headers, "idempotency-key": `lone-${what.replaceAll(" ", "-")}` },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message: SURROGATE_MESSAGE }]);
      expect(await rows()).toBe(before);
    });
  }

  it("an inquiry with NUL and a lone surrogate in one value gets one error of each kind", async () => {
    const res = await api("POST", "/api/agents/inquiries", {
      body: inquiryFor(slug, { message: `a\u0000b${LONE}` }),
      headers: key.headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "message", message: NUL_MESSAGE },
      { field: "message", message: SURROGATE_MESSAGE },
    ]);
  });

  it("a paired surrogate (an emoji, as JSON escapes) is text like any other: 201", async () => {
    const res = await api("POST", "/api/agents/inquiries", {
      rawBody: JSON.stringify(inquiryFor(slug, { context: { mood: "😀" } })).replace("😀", "\\ud83d\\ude00"),
      headers: { ...key.headers, "content-type": "application/json" },
    });
    expect(res.status).toBe(201);
    const [row] = await app.sql<
      { context: { mood: string } }[]
    >`select context from inquiries where id = ${res.body.inquiry_id}`;
    expect(row.context.mood).toBe("😀");
  });

  it("the surrogate's UTF-8 bytes (ED A0 80) are not UTF-8: the body's 400", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"email":"a@example.com","password":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('xxxxxxxxxxx"}'),
    ]);
    const res = await fetch(`${app.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: "body", message: "is not valid UTF-8" }]);
  });

  it("sign-up, log-in and key creation: 400 naming the field, no account, session or key made", async () => {
    const before = await rows();
    const signup = await api("POST", "/api/auth/signup", {
      body: { email: `${LONE}@example.com`, password: TEST_PASSWORD },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.errors).toEqual([{ field: "email", message: SURROGATE_MESSAGE }]);
    const password = await api("POST", "/api/auth/signup", {
      body: { email: uniqueEmail("lone"), password: `${TEST_PASSWORD}${LONE}` },
    });
    expect(password.body.errors).toEqual([{ field: "password", message: SURROGATE_MESSAGE }]);
    const login = await api("POST", "/api/auth/login", {
      body: { email: `x${LONE}@example.com`, password: `p${LONE}assword1234` },
    });
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual([
      { field: "email", message: SURROGATE_MESSAGE },
      { field: "password", message: SURROGATE_MESSAGE },
    ]);
    const unknown = await api("POST", "/api/auth/login", {
      body: { email: "a@example.com", password: TEST_PASSWORD, [`x${LONE}`]: 1 },
    });
    expect(unknown.body.errors).toEqual([{ field: `x${LONE}`, message: SURROGATE_MESSAGE }]);
    expect(await rows()).toBe(before);

    const { cookie } = await signUp();
    const afterSignup = await rows();
    const named = await api("POST", "/api/agents/keys", { body: { name: `laptop ${LONE}` }, headers: { cookie } });
    expect(named.status).toBe(400);
    expect(named.body.errors).toEqual([{ field: "name", message: SURROGATE_MESSAGE }]);
    expect(await rows()).toBe(afterSignup);
    expect((await createKey(cookie, "laptop 😀")).name).toBe("laptop 😀");
  });

  it("a query string cannot carry one: bytes that are not UTF-8 decode to U+FFFD, a 200 and no database error", async () => {
    for (const path of [
      "/api/agents/experts?q=%ED%A0%80",
      "/api/agents/experts?city=%ED%A0%80&q=tax%ED%B0%80",
      "/api/agents/experts?country=%ED%A0",
    ]) {
      const res = await api("GET", path);
      expect(res.status).toBeLessThan(500);
      expect([200, 400]).toContain(res.status);
    }
    expect((await api("GET", "/api/agents/experts?city=%ED%A0%80")).status).toBe(200);
    expect((await api("GET", `/api/agents/experts/%ED%A0%80`)).status).toBe(404);
    expect((await api("GET", "/api/agents/experts?q=%00")).body.errors).toEqual([{ field: "q", message: NUL_MESSAGE }]);
  });
});

describe("MCP: every tool checks its arguments with REST's validators", () => {
  /** A call of each tool that would succeed (or fail only for a reason other than its arguments). */
  function baseline(tool: string): Record<string, unknown> {
    if (tool === "submit_inquiry") return inquiryFor(slug);
    if (tool === "get_inquiry_status") return { inquiry_id: "00000000-0000-4000-8000-000000000000" };
    if (tool === "get_expert" || tool === "get_availability") return { slug };
    return {};
  }

  it("NUL or a lone surrogate in any string argument of any tool: a tool error naming it, never an internal error, nothing written", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.length).toBe(5);
    const before = await rows();
    let checked = 0;
    for (const tool of tools) {
      const properties = tool.inputSchema.properties as Record<string, { type?: string | string[] }>;
      for (const [name, schema] of Object.entries(properties)) {
        const types = [schema.type].flat();
        const bad: [Record<string, unknown>, string][] = [];
        if (types.includes("string")) {
          bad.push(
            [{ [name]: `x\u0000y` }, `${name} ${NUL_MESSAGE}`],
            [{ [name]: LONE }, `${name} ${SURROGATE_MESSAGE}`],
          );
        }
        if (types.includes("object")) {
          bad.push(
            [{ [name]: { [`k${LONE}`]: "v" } }, `${name}.k${LONE} ${SURROGATE_MESSAGE}`],
            [{ [name]: { deep: [{ k: "v\u0000" }] } }, `${name}.deep.0.k ${NUL_MESSAGE}`],
          );
        }
        for (const [override, says] of bad) {
          const result = await call(tool.name, { ...baseline(tool.name), ...override });
          expect(result.isError).toBe(true);
          expect(result.structuredContent).toBeUndefined();
          const text = resultText(result);
          expect(text).not.toContain(INTERNAL);
          expect(text).toBe(`Invalid arguments: ${says}. Fix them and call the tool again.`);
          checked++;
        }
      }
    }
    // strings: search_experts 7, get_expert 2, get_availability 3, submit_inquiry 4 (and context), get_inquiry_status 1
    expect(checked).toBe(2 * (7 + 2 + 3 + 5 + 1));
    expect(await rows()).toBe(before);
  });

  it("search_experts with NUL in q or city answers REST's errors, word for word", async () => {
    for (const [args, query] of [
      [{ q: "tax\u0000" }, "q=tax%00"],
      [{ city: "Seo\u0000ul" }, "city=Seo%00ul"],
      [{ limit: 21, category: "astrology" }, "limit=21&category=astrology"],
      [{ q: "", page: -1 }, "q=&page=-1"],
    ] as const) {
      const rest = await api("GET", `/api/agents/experts?${query}`);
      expect(rest.status).toBe(400);
      const text = resultText(await call("search_experts", args));
      expect(text).toBe(
        `Invalid arguments: ${rest.body.errors.map((e: { field: string; message: string }) => `${e.field} ${e.message}`).join("; ")}. Fix them and call the tool again.`,
      );
    }
  });

  it("submit_inquiry with a lone surrogate in requester_name, message or context: REST's errors, no row written", async () => {
    const before = await rows();
    for (const override of [
      { requester_name: LONE },
      { message: `m${LONE}` },
      { context: { [LONE]: 1 } },
      { context: { tz: LONE } },
    ]) {
      const rest = await api("POST", "/api/agents/inquiries", {
        body: inquiryFor(slug, override),
        headers: key.headers,
      });
      expect(rest.status).toBe(400);
      const text = resultText(await call("submit_inquiry", inquiryFor(slug, override)));
      expect(text).toBe(
        `Invalid arguments: ${rest.body.errors.map((e: { field: string; message: string }) => `${e.field} ${e.message}`).join("; ")}. Fix them and call the tool again.`,
      );
    }
    expect(await rows()).toBe(before);
  });

  it("over the legacy SSE transport too (the tools know no transport)", async () => {
    const sse = await mcpClient(app.url, "sse", key.headers);
    try {
      const search = (await sse.callTool({
        name: "search_experts",
        arguments: { q: "tax", city: `Seoul${LONE}` },
      })) as CallToolResult;
      expect(resultText(search)).toBe(
        `Invalid arguments: city ${SURROGATE_MESSAGE}. Fix them and call the tool again.`,
      );
      const before = await rows();
      const submit = (await sse.callTool({
        name: "submit_inquiry",
        arguments: inquiryFor(slug, { context: { notes: `\u0000` } }),
      })) as CallToolResult;
      expect(resultText(submit)).toBe(
        `Invalid arguments: context.notes ${NUL_MESSAGE}. Fix them and call the tool again.`,
      );
      expect(await rows()).toBe(before);
    } finally {
      await sse.close();
    }
  });

  it("arguments of the wrong type or unknown: a tool error naming each, in the contract's words", async () => {
    const search = resultText(await call("search_experts", { page: "two", accepting_only: "yes", accepting: "1" }));
    expect(search).toBe(
      "Invalid arguments: accepting is not an argument of this tool; accepting_only must be boolean; page must be integer. Fix them and call the tool again.",
    );
    const submit = resultText(await call("submit_inquiry", { ...inquiryFor(slug), requester_name: 7, message: "   " }));
    expect(submit).toContain("requester_name must be string");
    expect(resultText(await call("get_expert", {}))).toBe(
      "Invalid arguments: slug is required. Fix them and call the tool again.",
    );
    // a slug that cannot exist is "no such expert", as over REST (404), not a 400
    expect(resultText(await call("get_expert", { slug: "Not A Slug!" }))).toContain("search_experts");
    // and a good call still works on the same session
    expect((await call("search_experts", { q: "tax", limit: 1 })).isError ?? false).toBe(false);
  });
});
