import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expertUrls } from "../src/experts/urls.ts";
import { contract } from "../src/contract/index.ts";
import { MCP_TOOLS } from "../src/web/discovery.ts";
import { loadDiscoveryConfig } from "../src/config/discovery.ts";
import { discoveryRoutes } from "../src/web/discovery-routes.ts";
import { servedDocument } from "../src/contract/served.ts";
import { testApp, type TestApp } from "./support/app.ts";
import { mcpClient } from "./support/mcp.ts";

// Discovery: /llms.txt from the contract, robots.txt, security.txt, the sitemap (an index past
// its per-file limit) and the served contract's servers.

let app: TestApp;
let client: Client | undefined;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => client?.close());

async function text(path: string) {
  const res = await fetch(`${app.url}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

describe("/llms.txt", () => {
  it("says what to call first, every agent operation, the limits, how to get a key and the MCP endpoints", async () => {
    const { status, type, body } = await text("/llms.txt");
    expect(status).toBe(200);
    expect(type).toStartWith("text/plain");
    expect(body).toStartWith("# Expert Directory\n\n> ");
    for (const heading of ["## What to call first", "## Operations", "## Limits", "## Getting an API key", "## MCP"])
      expect(body).toContain(heading);
    for (const op of ["searchExperts", "getExpert", "getExpertAvailability", "createInquiry", "getInquiryStatus"])
      expect(body).toContain(`(${op},`);
    // a key manages its own webhook (issue 21)
    expect(body).toContain("(setWebhook, the API key itself, or the dashboard session)");
    expect(body).not.toContain("createApiKey"); // the dashboard's operations are not for agents
    expect(body).toContain(`${app.url}/api/agents/experts/{slug}/availability`);
    expect(body).toContain("60 requests per minute per client IP");
    expect(body).toContain(`${app.url}/dashboard`);
    expect(body).toContain(`${app.url}/api/mcp`);
    expect(body).toContain(`${app.url}/api/sse`);
  });

  it("lists exactly the tools the MCP server has", async () => {
    const { body } = await text("/llms.txt");
    client = await mcpClient(app.url, "streamable-http");
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(MCP_TOOLS.map(([tool]) => tool).sort()).toEqual(tools);
    for (const tool of tools) expect(body).toContain(`\`${tool}\``);
  });
});

describe("robots.txt and security.txt", () => {
  it("points crawlers to the sitemap and away from the dashboard and the JSON API", async () => {
    const { status, body } = await text("/robots.txt");
    expect(status).toBe(200);
    expect(body).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    expect(body).toContain("Disallow: /dashboard");
  });

  it("names a contact and an expiry less than a year ahead (RFC 9116)", async () => {
    const { status, body } = await text("/.well-known/security.txt");
    expect(status).toBe(200);
    expect(body).toMatch(/^Contact: mailto:security@/m);
    const expires = Date.parse(/^Expires: (.+)$/m.exec(body)![1]);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
    expect(loadDiscoveryConfig({ SECURITY_CONTACT: "https://example.com/report" }).securityContact).toBe(
      "https://example.com/report",
    );
    expect(loadDiscoveryConfig({ PUBLIC_BASE_URL: "https://experts.example.com" }).securityContact).toBe(
      "mailto:security@experts.example.com",
    );
    expect(() => loadDiscoveryConfig({ SECURITY_CONTACT: "javascript:alert(1)" })).toThrow("SECURITY_CONTACT");
  });
});

describe("the sitemap", () => {
  it("lists the directory and every public profile, and no hidden one", async () => {
    const { status, type, body } = await text("/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toStartWith("application/xml");
    expect(body).toStartWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const rows = await app.sql<{ slug: string }[]>`select slug from experts where is_public and is_verified`;
    expect(locs.length).toBe(rows.length + 1);
    expect(locs).toContain(`${app.url}/experts`);
    for (const { slug } of rows) expect(locs).toContain(`${app.url}/experts/${slug}`);
    const [hidden] = await app.sql<
      { slug: string }[]
    >`select slug from experts where not (is_public and is_verified) limit 1`;
    if (hidden) expect(locs).not.toContain(`${app.url}/experts/${hidden.slug}`);
  });

  it("becomes an index of files past its per-file limit, together holding every profile once", async () => {
    const urls = expertUrls(() => "https://experts.example.com");
    const routes = discoveryRoutes({ sql: app.sql, urls, securityContact: "mailto:x@example.com", sitemapPerFile: 40 });
    const get = async (path: string) => {
      const res = await routes.handle(new Request(`http://localhost${path}`));
      return { status: res.status, body: await res.text() };
    };
    const index = await get("/sitemap.xml");
    expect(index.body).toContain("<sitemapindex");
    const files = [
      ...index.body.matchAll(/<loc>https:\/\/experts\.example\.com(\/sitemaps\/experts-\d+\.xml)<\/loc>/g),
    ].map((m) => m[1]);
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from experts where is_public and is_verified`;
    expect(files.length).toBe(Math.ceil(n / 40));
    const all: string[] = [];
    for (const file of files) {
      const part = await get(file);
      expect(part.status).toBe(200);
      const locs = [...part.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeLessThanOrEqual(41);
      all.push(...locs);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(n + 1);
    expect((await get(`/sitemaps/experts-${files.length}.xml`)).status).toBe(404);
    expect((await get("/sitemaps/other.xml")).status).toBe(404);
  });
});

describe("the served contract", () => {
  it("names PUBLIC_BASE_URL as its server when set, else the address it listens on, never '/'", async () => {
    const publicBase = "https://experts.example.com";
    expect(servedDocument(publicBase, publicBase).servers).toEqual([
      { url: publicBase, description: "This server (PUBLIC_BASE_URL)." },
    ]);
    const served = await (await fetch(`${app.url}/api/openapi.json`)).json();
    expect(app.config.publicBaseUrl).toBeNull();
    expect(served.servers).toHaveLength(1);
    expect(served.servers[0].url).toBe(app.url);
    expect(served.paths).toEqual(contract.paths);
  });
});
