import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { api, testApp, type TestApp } from "./support/app.ts";
import { createTestKey, revokeTestKey, type TestKey } from "./support/keys.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";

// Follow-up for agents: GET /api/agents/inquiries/{id} and the MCP tools get_inquiry_status and
// get_availability. The test app has no SMTP server, so e-mails wait in the outbox; the sent and
// failed states are set on the outbox row as the worker would.

let app: TestApp;
let slug: string;
let owner: TestKey;
const clients: Client[] = [];

beforeAll(async () => {
  app = await testApp();
  [{ slug }] = await app.sql<{ slug: string }[]>`
    select slug from experts where is_public and is_verified and timezone is not null and accepting_clients
      and exists (select 1 from schedule_slots s where s.expert_id = experts.id) order by id desc limit 1`;
  owner = await createTestKey(app.sql);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function sendInquiry(key: TestKey) {
  const res = await api("POST", "/api/agents/inquiries", { body: inquiryFor(slug), headers: key.headers });
  expect(res.status).toBe(201);
  expect(res.body.email_sent).toBe(false);
  return res.body.inquiry_id as string;
}

describe("GET /api/agents/inquiries/{id}", () => {
  it("follows an inquiry from queued to failed to sent, as the outbox row says", async () => {
    const id = await sendInquiry(owner);
    const queued = await api("GET", `/api/agents/inquiries/${id}`, { headers: owner.headers });
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({
      inquiry_id: id,
      status: "pending",
      expert_slug: slug,
      email_sent: false,
      delivery: { state: "queued", attempts: 0, sent_at: null },
    });
    expect(queued.body.booking_url).toEndWith(`/experts/${slug}#booking`);

    await app.sql`update outbox set attempts = 2, last_error = 'connect ECONNREFUSED 10.0.0.5:25', next_attempt_at = now() + interval '2 minutes' where inquiry_id = ${id}`;
    const failed = await api("GET", `/api/agents/inquiries/${id}`, { headers: owner.headers });
    expect(failed.body.delivery).toMatchObject({ state: "failed", attempts: 2, sent_at: null });
    expect(Date.parse(failed.body.delivery.next_attempt_at)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(failed.body)).not.toContain("ECONNREFUSED"); // the SMTP error stays inside

    await app.sql`update outbox set attempts = 3, last_error = null, sent_at = now() where inquiry_id = ${id}`;
    const sent = await api("GET", `/api/agents/inquiries/${id}`, { headers: owner.headers });
    expect(sent.body).toMatchObject({
      email_sent: true,
      delivery: { state: "sent", attempts: 3, next_attempt_at: null },
    });
  });

  it("answers any key of the same account, never another account's (404), and needs a key (401)", async () => {
    const id = await sendInquiry(owner);
    // Another key of the same account: a new key after revoking the one that sent it.
    const sibling = await createTestKey(app.sql);
    await app.sql`update api_keys set user_id = ${owner.userId} where id = ${sibling.keyId}`;
    await revokeTestKey(app.sql, owner.keyId);
    expect((await api("GET", `/api/agents/inquiries/${id}`, { headers: owner.headers })).status).toBe(401);
    expect((await api("GET", `/api/agents/inquiries/${id}`, { headers: sibling.headers })).status).toBe(200);
    owner = sibling;

    const stranger = await createTestKey(app.sql);
    const foreign = await api("GET", `/api/agents/inquiries/${id}`, { headers: stranger.headers });
    expect(foreign.status).toBe(404);
    const unknown = await api("GET", `/api/agents/inquiries/00000000-0000-4000-8000-000000000000`, {
      headers: stranger.headers,
    });
    expect(unknown.body.detail).toBe(foreign.body.detail.replace(id, "00000000-0000-4000-8000-000000000000"));
    expect((await api("GET", `/api/agents/inquiries/not-a-uuid`, { headers: stranger.headers })).status).toBe(404);
    expect((await api("GET", `/api/agents/inquiries/${id}`)).status).toBe(401);
    const extra = await api("GET", `/api/agents/inquiries/${id}?verbose=1`, { headers: owner.headers });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].field).toBe("verbose");
  });
});

describe("MCP follow-up tools", () => {
  async function call(c: Client, name: string, args: Record<string, unknown>) {
    return (await c.callTool({ name, arguments: args })) as CallToolResult;
  }

  it("get_inquiry_status answers the sending account, and says what to do without a key", async () => {
    const id = await sendInquiry(owner);
    const keyed = await mcpClient(app.url, "streamable-http", owner.headers);
    const anonymous = await mcpClient(app.url, "streamable-http");
    clients.push(keyed, anonymous);
    const tool = (await keyed.listTools()).tools.find((t) => t.name === "get_inquiry_status") as Tool;
    expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    const result = await call(keyed, "get_inquiry_status", { inquiry_id: id });
    expectConformingResult(tool, result);
    expect(result.structuredContent).toEqual(
      (await api("GET", `/api/agents/inquiries/${id}`, { headers: owner.headers })).body,
    );
    expect(resultText(result)).toContain("queued");

    const noKey = await call(anonymous, "get_inquiry_status", { inquiry_id: id });
    expect(noKey.isError).toBe(true);
    expect(resultText(noKey)).toContain("Authorization: Bearer");
    const stranger = await createTestKey(app.sql);
    const other = await mcpClient(app.url, "sse", stranger.headers);
    clients.push(other);
    const foreign = await call(other, "get_inquiry_status", { inquiry_id: id });
    expect(foreign.isError).toBe(true);
    expect(resultText(foreign)).toContain("no inquiry");
  });

  it("get_availability answers what REST answers, in the user's zone", async () => {
    const client = await mcpClient(app.url, "sse");
    clients.push(client);
    const tool = (await client.listTools()).tools.find((t) => t.name === "get_availability") as Tool;
    expect(Object.keys(tool.inputSchema.properties as object).sort()).toEqual(["days", "from", "slug", "tz"]);
    expect((tool.inputSchema.properties as any).days).toMatchObject({ minimum: 1, maximum: 28 });
    const from = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const result = await call(client, "get_availability", { slug, tz: "America/New_York", from, days: 14 });
    expectConformingResult(tool, result);
    const rest = await api("GET", `/api/agents/experts/${slug}/availability?tz=America/New_York&from=${from}&days=14`);
    expect(result.structuredContent).toEqual(rest.body);
    expect(resultText(result)).toContain("America/New_York");

    const bad = await call(client, "get_availability", { slug, tz: "Mars/Olympus" });
    expect(bad.isError).toBe(true);
    expect(resultText(bad)).toContain("tz");
    const unknown = await call(client, "get_availability", { slug: "no-such-expert-here" });
    expect(resultText(unknown)).toContain("search_experts");
  });
});
