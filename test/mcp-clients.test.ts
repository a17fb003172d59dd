import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { contract } from "../src/contract/index.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { expectSchema } from "./support/contract.ts";
import { createTestKey, revokeTestKey } from "./support/keys.ts";
import { expectConformingResult, mcpClient, type McpTransportKind, resultText } from "./support/mcp.ts";

// The official SDK client against the running app, over both transports: the same tools, the
// same answers as REST, structuredContent checked against each tool's outputSchema and the
// contract's schema.

let app: TestApp;
let slug: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await testApp();
  [{ slug }] = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 1`;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function connect(kind: McpTransportKind, headers: Record<string, string> = {}) {
  const client = await mcpClient(app.url, kind, headers);
  clients.push(client);
  return client;
}

function inquiryArgs(overrides: Record<string, unknown> = {}) {
  return inquiryFor(slug, overrides);
}

describe.each(["streamable-http", "sse"] as const)("MCP over %s", (kind) => {
  let client: Client;
  let tools: Map<string, Tool>;

  beforeAll(async () => {
    client = await connect(kind);
    tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
  }, 120_000);

  async function call(c: Client, name: string, args: Record<string, unknown>) {
    return (await c.callTool({ name, arguments: args })) as CallToolResult;
  }

  it("initializes and names the server", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "expert-directory", version: contract.info.version });
    expect(client.getInstructions()).toContain("search_experts");
  });

  it("lists the tools with input and output schemas, limits, enums and annotations", () => {
    expect([...tools.keys()].sort()).toEqual([
      "get_availability",
      "get_expert",
      "get_inquiry_status",
      "search_experts",
      "submit_inquiry",
    ]);
    const search = tools.get("search_experts")!;
    const props = search.inputSchema.properties as Record<string, any>;
    expect(Object.keys(props).sort()).toEqual([
      "accepting_only",
      "category",
      "city",
      "country",
      "language",
      "limit",
      "locale",
      "max_price",
      "min_price",
      "page",
      "q",
      "sort",
    ]);
    expect(props.category.enum).toEqual((contract.components.schemas.CategorySlug as { enum: string[] }).enum);
    expect(props.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 20, default: 10 });
    expect(props.accepting_only.type).toBe("boolean");
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
    const get = tools.get("get_expert")!;
    expect(get.inputSchema.required).toEqual(["slug"]);
    expect((get.inputSchema.properties as any).locale.enum).toEqual(
      (contract.components.schemas.Locale as { enum: string[] }).enum,
    );
    expect(get.annotations).toMatchObject({ readOnlyHint: true });
    const submit = tools.get("submit_inquiry")!;
    expect(submit.inputSchema.required).toEqual(["expert_slug", "requester_name", "requester_email", "message"]);
    expect((submit.inputSchema.properties as any).message.maxLength).toBe(2000);
    expect((submit.inputSchema.properties as any).requester_name.maxLength).toBe(200);
    expect(submit.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false, openWorldHint: true });
    for (const tool of tools.values()) {
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.outputSchema?.type).toBe("object");
    }
  });

  it("describes the expert in get_expert and search_experts as one object schema with every contract field", () => {
    // The contract composes ExpertSummary and ExpertProfile from ExpertFields (allOf); a tool's
    // schema is the object that composition means. The examples hold every field (the lint checks them closed).
    const example = (name: string) =>
      (contract.components.schemas[name] as { examples: Record<string, any>[] }).examples[0];
    const profile = tools.get("get_expert")!.outputSchema as Record<string, any>;
    expect(profile.type).toBe("object");
    expect([...profile.required].sort()).toEqual(Object.keys(example("ExpertProfile")).sort());
    expect(Object.keys(profile.properties).sort()).toEqual(Object.keys(example("ExpertProfile")).sort());
    expect([...profile.properties.location.required].sort()).toEqual(Object.keys(example("ProfileLocation")).sort());
    const summary = (tools.get("search_experts")!.outputSchema as Record<string, any>).properties.experts.items;
    expect(summary.type).toBe("object");
    expect([...summary.required].sort()).toEqual([...Object.keys(example("ExpertSummary")), "match"].sort());
    expect([...summary.properties.location.required].sort()).toEqual(Object.keys(example("Location")).sort());
  });

  it("search_experts returns what REST returns, as a ranked list with profile and booking URLs", async () => {
    const result = await call(client, "search_experts", { category: "tax-advisory", accepting_only: true, limit: 3 });
    expectConformingResult(tools.get("search_experts")!, result);
    expectSchema("ExpertSearchResult", result.structuredContent);
    const rest = await api("GET", "/api/agents/experts?category=tax-advisory&accepting=1&limit=3");
    expect(result.structuredContent).toEqual(rest.body);
    const text = resultText(result);
    const first = rest.body.experts[0];
    expect(text).toContain(`1. ${first.name}`);
    expect(text).toContain(first.profile_url);
    expect(text).toContain(first.booking_url);
  });

  it("search_experts pages and localizes like REST", async () => {
    const result = await call(client, "search_experts", { q: "tax", page: 1, limit: 2, locale: "ko", sort: "newest" });
    expectConformingResult(tools.get("search_experts")!, result);
    const rest = await api("GET", "/api/agents/experts?q=tax&page=1&limit=2&locale=ko&sort=newest");
    expect(result.structuredContent).toEqual(rest.body);
  });

  it("get_expert returns the full profile with services, weekly availability and contact methods", async () => {
    const result = await call(client, "get_expert", { slug, locale: "de" });
    expectConformingResult(tools.get("get_expert")!, result);
    expectSchema("ExpertProfile", result.structuredContent);
    const rest = await api("GET", `/api/agents/experts/${slug}?locale=de`);
    expect(result.structuredContent).toEqual(rest.body);
    const text = resultText(result);
    expect(text).toContain("Services:");
    for (const service of rest.body.services) expect(text).toContain(service.title);
    expect(text).toContain("Weekly availability");
    for (const entry of rest.body.availability.schedule)
      expect(text).toContain(`${entry.day} ${entry.start_time.slice(0, 5)}`);
    expect(text).toContain("Contact methods:");
    expect(text).toContain(rest.body.booking_url);
  });

  it("answers an unknown expert with a tool error that says to search", async () => {
    const result = await call(client, "get_expert", { slug: "no-such-expert-anywhere" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(resultText(result)).toContain("search_experts");
  });

  it("answers invalid arguments with a tool error naming the field, and the session goes on", async () => {
    const tooMany = await call(client, "search_experts", { limit: 21 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.structuredContent).toBeUndefined();
    expect(resultText(tooMany)).toContain("limit");
    const badCategory = await call(client, "search_experts", { category: "astrology" });
    expect(badCategory.isError).toBe(true);
    expect(resultText(badCategory)).toContain("category");
    const unknownArg = await call(client, "search_experts", { accepting: "1" });
    expect(unknownArg.isError).toBe(true);
    const longMessage = await call(client, "submit_inquiry", inquiryArgs({ message: "x".repeat(2001) }));
    expect(longMessage.isError).toBe(true);
    expect(resultText(longMessage)).toContain("message");
    expectConformingResult(tools.get("search_experts")!, await call(client, "search_experts", { limit: 1 }));
  });

  it("submit_inquiry without a key is a tool error that tells the agent to add one", async () => {
    const result = await call(client, "submit_inquiry", inquiryArgs());
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(resultText(result)).toContain("Authorization: Bearer");
    expect(resultText(result)).toContain("API key");
  });

  it("submit_inquiry with a key records the inquiry and queues the e-mail", async () => {
    const key = await createTestKey(app.sql);
    const keyed = await connect(kind, key.headers);
    const submit = (await keyed.listTools()).tools.find((t) => t.name === "submit_inquiry")!;
    const result = await call(keyed, "submit_inquiry", inquiryArgs());
    expectConformingResult(submit, result);
    expectSchema("Inquiry", result.structuredContent);
    const inquiry = result.structuredContent as { inquiry_id: string; status: string; email_sent: boolean };
    expect(inquiry.status).toBe("pending");
    expect(resultText(result)).toContain(inquiry.inquiry_id);
    const [row] = await app.sql`
      select i.api_key_id, i.requester_email, i.context, e.slug from inquiries i join experts e on e.id = i.expert_id
      where i.id = ${inquiry.inquiry_id}`;
    expect(row).toMatchObject({ api_key_id: key.keyId, requester_email: "alex.morgan@example.com", slug });
    expect(row.context).toEqual({ timezone: "America/New_York", budget_usd: 300 });
    const outbox = await app.sql`select sent_at from outbox where inquiry_id = ${inquiry.inquiry_id}`;
    expect(outbox.length).toBe(1);
    expect(outbox[0].sent_at).toBeNull(); // no SMTP_URL on the test app: queued
  });

  it("submit_inquiry past 5 per key and expert in 24 hours is a tool error that says when to retry", async () => {
    const key = await createTestKey(app.sql);
    const keyed = await connect(kind, key.headers);
    for (let i = 0; i < 5; i++)
      expect((await call(keyed, "submit_inquiry", inquiryArgs())).isError ?? false).toBe(false);
    const sixth = await call(keyed, "submit_inquiry", inquiryArgs());
    expect(sixth.isError).toBe(true);
    expect(sixth.structuredContent).toBeUndefined();
    expect(resultText(sixth)).toMatch(/Retry after \d+ seconds/);
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from inquiries where api_key_id = ${key.keyId}`;
    expect(n).toBe(5);
  });

  it("submit_inquiry to an unknown expert is a tool error", async () => {
    const key = await createTestKey(app.sql);
    const keyed = await connect(kind, key.headers);
    const result = await call(keyed, "submit_inquiry", inquiryArgs({ expert_slug: "no-such-expert-anywhere" }));
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain("search_experts");
  });

  it("refuses a revoked key with HTTP 401 (the client's connect fails)", async () => {
    const key = await createTestKey(app.sql);
    await revokeTestKey(app.sql, key.keyId);
    const failure = await connect(kind, key.headers).then(
      () => null,
      (error) => error as { code?: number; message: string },
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(401);
  });

  it("refuses a key revoked mid-session on the next request with 401", async () => {
    const key = await createTestKey(app.sql);
    const keyed = await connect(kind, key.headers);
    expect((await call(keyed, "search_experts", { limit: 1 })).isError ?? false).toBe(false);
    await revokeTestKey(app.sql, key.keyId);
    const failure = await call(keyed, "search_experts", { limit: 1 }).then(
      () => null,
      (error) => error as Error,
    );
    expect(failure).not.toBeNull();
    expect(failure!.message).toContain("401");
  });
});
