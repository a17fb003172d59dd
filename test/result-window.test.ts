import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MAX_RESULT_WINDOW } from "../src/search/result-window.ts";
import { importExperts } from "../src/experts/import-file.ts";
import { syntheticExperts } from "../bench/synthetic.ts";
import { api, get, startApp, testApp, type TestApp } from "./support/app.ts";
import { mcpClient, resultText } from "./support/mcp.ts";

// Only the first 1,000 results of a search can be paged through, in every order:
// (page + 1) × limit ≤ 1,000, else a 400 naming `page` (REST), a tool error (MCP), a message (pages).

let client: Client;
beforeAll(async () => {
  client = await mcpClient((await testApp()).url, "streamable-http");
});
afterAll(() => client.close());

describe("the result window", () => {
  it("serves the last page within the window, in every order", async () => {
    expect((await api("GET", `/api/agents/experts?limit=1&page=${MAX_RESULT_WINDOW - 1}`)).status).toBe(200);
    expect((await api("GET", "/api/agents/experts?q=consultant&limit=20&page=49")).status).toBe(200);
    expect((await api("GET", "/api/agents/experts?sort=newest&limit=10&page=99")).status).toBe(200);
  });

  it("answers a page past the window with a 400 naming page, in every order", async () => {
    for (const query of [
      "q=tax+lawyer+family+seoul&page=50&limit=20",
      "page=50&limit=20",
      "sort=newest&page=100",
      "q=tax&sort=rating&page=10000&limit=20",
      "page=1000&limit=1",
    ]) {
      const res = await api("GET", `/api/agents/experts?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toStartWith("application/problem+json");
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["page"]);
    }
    const res = await api("GET", "/api/agents/experts?q=accountant&page=50&limit=20");
    expect(res.body.errors[0].message).toContain("the last page is 49");
  });

  it("answers the same over MCP search_experts with a tool error naming page", async () => {
    for (const args of [
      { q: "tax lawyer", page: 50, limit: 20 },
      { page: 10_000, limit: 20 },
    ]) {
      const result = (await client.callTool({ name: "search_experts", arguments: args })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(resultText(result)).toContain("page");
    }
    const within = (await client.callTool({
      name: "search_experts",
      arguments: { q: "tax", page: 49, limit: 20 },
    })) as CallToolResult;
    expect(within.isError ?? false).toBe(false);
  });

  it("shows the directory page's form and a message past the window, never a 500", async () => {
    const app = await testApp();
    for (const query of ["page=50&limit=20", "q=lawyer&page=10000&limit=20"]) {
      const res = await fetch(`${app.url}/experts?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      expect(await res.text()).toContain("page");
    }
  });
});

describe("the result window on a directory larger than it", () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await startApp();
    await importExperts(big.sql, syntheticExperts(1200), { batchSize: 1000 });
    // A real import of 1,200 experts: on a busy machine it has taken a minute.
  }, 240_000);
  afterAll(() => big.stop());

  it("says has_more until the last reachable page, then false although more match; the next page is a 400", async () => {
    const before = await get(big, "/api/agents/experts?limit=20&page=48");
    expect(before.body.total).toBeGreaterThan(MAX_RESULT_WINDOW);
    expect(before.body.has_more).toBe(true);
    const last = await get(big, "/api/agents/experts?limit=20&page=49");
    expect(last.status).toBe(200);
    expect(last.body.experts).toHaveLength(20);
    expect(last.body.has_more).toBe(false);
    expect((await get(big, "/api/agents/experts?limit=20&page=50")).status).toBe(400);
    // The directory page offers no link past it.
    const html = await (await fetch(`${big.url}/experts?limit=20&page=49`)).text();
    expect(html).not.toContain('rel="next"');
    expect(await (await fetch(`${big.url}/experts?limit=20&page=48`)).text()).toContain('rel="next"');
  });

  it("tells an MCP agent on the last reachable page to narrow the search rather than page on", async () => {
    const agent = await mcpClient(big.url, "streamable-http");
    try {
      const last = (await agent.callTool({
        name: "search_experts",
        arguments: { limit: 20, page: 49 },
      })) as CallToolResult;
      expect(last.structuredContent).toMatchObject({ page: 49, has_more: false });
      expect(resultText(last)).toContain("narrow the search");
      expect(resultText(last)).not.toContain("page: 50");
    } finally {
      await agent.close();
    }
  });
});
