import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generateApiKey } from "../src/keys/api-key.ts";
import { get, startApp, type TestApp } from "./support/app.ts";
import { expectContractResponse } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { initializeMessage, MCP_HEADERS, mcpClient, resultText } from "./support/mcp.ts";

// Issue 19: one limit, one message. The REST problem's detail, the MCP tool's error and the page
// are renderings of one message (src/http/limit-messages.ts), and each names whose allowance was
// spent (an address's, a key's, an account's) with the numbers this server was configured with,
// not the defaults. Behind TRUST_PROXY=1 each test is its own client address (X-Forwarded-For).

let app: TestApp;
let slug: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startApp({
    env: {
      RATE_LIMITS: "on",
      TRUST_PROXY: "1",
      RATE_LIMIT_SEARCH: "2,3",
      RATE_LIMIT_PROFILE: "2,4",
      RATE_LIMIT_MCP_SESSION: "2,2",
    },
  });
  [{ slug }] = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 1`;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await app?.stop();
});

/** The message with its seconds left out: they count down between two refusals. */
const unclocked = (text: string) => text.replace(/\b\d+ seconds\b/g, "N seconds");

const from = (address: string, headers: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...headers });

async function client(headers: Record<string, string>) {
  const c = await mcpClient(app.url, "streamable-http", headers);
  clients.push(c);
  return c;
}

async function toolError(c: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return resultText(result);
}

/** A public page's 429: its status, Retry-After and the message in its text. */
async function refusedPage(path: string, headers: Record<string, string>) {
  const res = await fetch(`${app.url}${path}`, { headers });
  const html = await res.text();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  return html;
}

describe("a read budget of a client address", () => {
  it("is told the same by REST, the MCP tool and the page: per client address, with the configured numbers", async () => {
    const address = from("198.51.100.10");
    for (let i = 0; i < 2; i++) expect((await get(app, "/api/agents/experts?limit=1", address)).status).toBe(200);
    const rest = await get(app, "/api/agents/experts?limit=1", address);
    expect(rest.status).toBe(429);
    const detail: string = rest.body.detail;
    expect(detail).toMatch(
      /^Rate limit reached: 2 search requests per 60 seconds per client address\. Retry after \d+ seconds, or send a Bearer API key for a higher limit\.$/,
    );

    const mcp = await toolError(await client(address), "search_experts", { limit: 1 });
    expect(unclocked(mcp)).toBe(`${unclocked(detail)} Do not retry sooner.`);

    const html = await refusedPage("/experts", address);
    expect(html).toMatch(
      /Rate limit reached: 2 search requests per 60 seconds per client address\. Wait \d+ seconds, then reload\./,
    );
    // a page takes no key: it does not offer one
    expect(html).not.toContain("Bearer");
  });

  it("names the profile budget on the profile page, in get_expert and in REST alike", async () => {
    const address = from("198.51.100.11");
    for (let i = 0; i < 2; i++) expect((await get(app, `/api/agents/experts/${slug}`, address)).status).toBe(200);
    const rest = await get(app, `/api/agents/experts/${slug}`, address);
    expect(rest.status).toBe(429);
    expect(rest.body.detail).toStartWith("Rate limit reached: 2 profile requests per 60 seconds per client address.");
    const mcp = await toolError(await client(address), "get_expert", { slug });
    expect(unclocked(mcp)).toBe(`${unclocked(rest.body.detail)} Do not retry sooner.`);
    expect(await refusedPage(`/experts/${slug}`, address)).toContain(
      "Rate limit reached: 2 profile requests per 60 seconds per client address.",
    );
  });
});

describe("the rate-limited problem page", () => {
  it("gives this server's budgets, as configured", async () => {
    const rest = await fetch(`${app.url}/problems/rate-limited`);
    const html = await rest.text();
    expect(html).toContain(
      "This server&#39;s budgets per 60 seconds: search requests: 2 per client address, 3 per API key; profile requests: 2 per client address, 4 per API key;",
    );
    expect(html).toContain("new MCP sessions: 2 per client address, 2 per API key.");
    expect(html).not.toContain("60/300");
  });
});

describe("a read budget of an API key", () => {
  it("is told per key by REST and MCP with the key's number, while the page (which takes no key) counts the address", async () => {
    const key = await createTestKey(app.sql);
    const address = from("198.51.100.20", key.headers);
    for (let i = 0; i < 3; i++) expect((await get(app, "/api/agents/experts?limit=1", address)).status).toBe(200);
    const rest = await get(app, "/api/agents/experts?limit=1", address);
    expect(rest.status).toBe(429);
    expect(rest.body.detail).toMatch(
      /^Rate limit reached: 3 search requests per 60 seconds for this API key\. Retry after \d+ seconds\.$/,
    );
    const mcp = await toolError(await client(address), "search_experts", { limit: 1 });
    expect(unclocked(mcp)).toBe(`${unclocked(rest.body.detail)} Do not retry sooner.`);

    // the key is spent, the address is not: the page still answers, then refuses per address
    for (let i = 0; i < 2; i++) expect((await fetch(`${app.url}/experts`, { headers: address })).status).toBe(200);
    expect(await refusedPage("/experts", address)).toContain("2 search requests per 60 seconds per client address");
  });
});

describe("the inquiry limit of an account", () => {
  async function secondKey(first: TestKey): Promise<TestKey> {
    const fresh = generateApiKey();
    const [row] = await app.sql<{ id: string }[]>`
      insert into api_keys (user_id, name, key_hash, key_prefix) values (${first.userId}, 'second', ${fresh.keyHash}, ${fresh.keyPrefix})
      returning id`;
    return { ...first, key: fresh.key, keyId: row.id, headers: { authorization: `Bearer ${fresh.key}` } };
  }

  async function submit(key: TestKey) {
    const res = await fetch(`${app.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { ...key.headers, "content-type": "application/json", "x-forwarded-for": "198.51.100.30" },
      body: JSON.stringify(inquiryFor(slug)),
    });
    const body = await res.json();
    expectContractResponse("POST", "/api/agents/inquiries", res.status, res.headers.get("content-type"), body);
    return { status: res.status, body };
  }

  it("is told per account (all its keys), not per key, by REST and by submit_inquiry through another key", async () => {
    const first = await createTestKey(app.sql);
    for (let i = 0; i < 5; i++) expect((await submit(first)).status).toBe(201);
    const rest = await submit(first);
    expect(rest.status).toBe(429);
    expect(rest.body.type).toBe("/problems/inquiry-limit");
    expect(rest.body.detail).toMatch(
      /^This account \(all its API keys together\) has sent 5 inquiries to this expert in the last 24 hours, the most allowed\. Retry after \d+ seconds, or contact another expert, or give the person the expert's booking_url to book directly\.$/,
    );

    // another key of the same account is refused too, and MCP says so in the same words
    const second = await secondKey(first);
    const mcp = await toolError(
      await client(from("198.51.100.31", second.headers)),
      "submit_inquiry",
      inquiryFor(slug),
    );
    expect(unclocked(mcp)).toBe(`${unclocked(rest.body.detail)} Do not retry sooner.`);
    expect(mcp).not.toContain("API key already");
  });
});

describe("the new-session budget", () => {
  it("is told alike on /api/mcp (JSON-RPC error) and /api/sse (problem), without offering a key that would not raise it", async () => {
    const address = from("198.51.100.40");
    const initialize = () =>
      fetch(`${app.url}/api/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, ...address },
        body: JSON.stringify(initializeMessage()),
      });
    for (let i = 0; i < 2; i++) expect((await initialize()).status).toBe(200);
    const refused = await initialize();
    expect(refused.status).toBe(429);
    const message: string = (await refused.json()).error.message;
    const sse = await fetch(`${app.url}/api/sse`, { headers: address });
    expect(sse.status).toBe(429);
    const detail: string = (await sse.json()).detail;
    expect(detail).toMatch(
      /^Rate limit reached: 2 new MCP sessions per 60 seconds per client address\. Retry after \d+ seconds\.$/,
    );
    expect(unclocked(message)).toStartWith(unclocked(detail));
  });
});
