// The requests the serving benchmark sends, per endpoint, and the wrk Lua script that rotates
// through them. Each endpoint rotates through several requests (slugs, queries, filters) so that
// one cached row or one remembered count is not the whole story; every run of an endpoint, on the
// server and on both ceilings, uses the same rotation.
import { writeFileSync } from "node:fs";
import type { Pool } from "../../src/db/connect.ts";

export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Endpoint {
  name: string;
  /** What the rotation holds, for the report. */
  about: string;
  requests: BenchRequest[];
  /**
   * The server sends this endpoint's statements unnamed, planned with their values each time
   * (src/search/custom-plan.ts: the search statements), so its database ceiling runs them the same
   * way (pgbench -M extended) rather than as named statements that may go generic.
   */
  customPlans?: boolean;
  /**
   * Measures answers the server does not remember: the rotation is longer than the server's
   * memory of answers (256, least recently used out), so round-robin never finds one. The capture
   * sends `warm` first (what a steady state has remembered: the totals, the parsed queries) and
   * records each request's first answer, not its second.
   */
  notRemembered?: { warm: BenchRequest[] };
}

/** Headers of a Streamable HTTP MCP request (the session header is added once a session exists). */
export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

const mcpCall = (id: number, args: Record<string, unknown>): BenchRequest => ({
  method: "POST",
  path: "/api/mcp",
  headers: MCP_HEADERS,
  body: JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "search_experts", arguments: args },
  }),
});

const QUERIES = ["lawyer", "tax accountant", "family lawyer berlin", "세무"];

/**
 * The endpoints of issue 13 with their rotations. Slugs are visible experts spread over the whole
 * directory (every n-th by id), so at 1M they are not all in the first pages of the table.
 */
export async function benchEndpoints(sql: Pool, rotate = 8): Promise<Endpoint[]> {
  const slugs = (
    await sql<{ slug: string }[]>`
    select slug from (
      select slug, row_number() over (order by id) as n, count(*) over () as total
      from experts where is_public and is_verified) s
    where n % greatest(total / ${rotate}, 1) = 0
    order by n limit ${rotate}`
  ).map((r) => r.slug);
  const get = (path: string): BenchRequest => ({ method: "GET", path });
  const q = encodeURIComponent;
  return [
    {
      name: "search q",
      customPlans: true,
      about: `q = ${QUERIES.join(" | ")}`,
      requests: QUERIES.map((text) => get(`/api/agents/experts?q=${q(text)}&limit=10`)),
    },
    {
      name: "search q (not remembered)",
      customPlans: true,
      about: `the same 4 queries at limit 1–20 and pages 0–7: ${QUERIES.length * 20 * 8} distinct answers`,
      // 640: more than the 256 answers a worker keeps even when two workers share the rotation
      // (each then sees about half of it between two visits of the same request).
      requests: QUERIES.flatMap((text) =>
        Array.from({ length: 20 * 8 }, (_, i) =>
          get(`/api/agents/experts?q=${q(text)}&limit=${1 + (i % 20)}&page=${Math.floor(i / 20)}`),
        ),
      ),
      notRemembered: { warm: QUERIES.map((text) => get(`/api/agents/experts?q=${q(text)}&limit=1`)) },
    },
    {
      name: "search filters",
      customPlans: true,
      about: "category/country/language/accepting, no q",
      requests: [
        get("/api/agents/experts?category=legal&country=US&limit=10"),
        get("/api/agents/experts?country=DE&language=en&limit=10"),
        get("/api/agents/experts?category=finance&accepting=1&limit=10"),
        get("/api/agents/experts?language=ko&sort=rating&limit=10"),
      ],
    },
    {
      name: "deep page",
      customPlans: true,
      about: "page 5 (zero-based) by newest; page 5 of q=consultant",
      requests: [
        get("/api/agents/experts?sort=newest&page=5&limit=10"),
        get(`/api/agents/experts?q=consultant&page=5&limit=10`),
      ],
    },
    {
      name: "profile",
      about: `${slugs.length} slugs across the directory`,
      requests: slugs.map((s) => get(`/api/agents/experts/${s}`)),
    },
    {
      name: "availability",
      about: `${slugs.length} slugs, default window`,
      requests: slugs.map((s) => get(`/api/agents/experts/${s}/availability`)),
    },
    {
      name: "MCP search_experts",
      customPlans: true,
      about: "tools/call in one Streamable HTTP session, 4 queries",
      requests: QUERIES.map((text, i) => mcpCall(i + 2, { q: text, limit: 10 })),
    },
  ];
}

/** Opens an MCP session (initialize + initialized) on a running server; returns its id. */
export async function openMcpSession(base: string): Promise<string> {
  const init = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-serve", version: "1" } },
    }),
  });
  const id = init.headers.get("mcp-session-id");
  await init.arrayBuffer();
  if (!init.ok || !id) throw new Error(`MCP initialize answered ${init.status} without a session`);
  const headers = { ...MCP_HEADERS, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
  const done = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  await done.arrayBuffer();
  return id;
}

/** The headers of an endpoint's requests once a session exists (MCP), else its own. */
export function withSession(request: BenchRequest, session?: string): BenchRequest {
  if (!session || !request.path.startsWith("/api/mcp")) return request;
  return {
    ...request,
    headers: { ...request.headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
  };
}

const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here (no \u escapes in our ASCII paths/bodies)

/**
 * Writes a wrk script that sends the requests round-robin (per wrk thread), from the `start`-th
 * on (a rotation of queries asked once each goes on where the last run stopped), returns its path.
 */
export function writeWrkScript(path: string, requests: BenchRequest[], start = 0): string {
  const entries = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
      .join(", ");
    return `  wrk.format(${lua(r.method)}, ${lua(r.path)}, { ${headers} }, ${r.body === undefined ? "nil" : lua(r.body)}),`;
  });
  writeFileSync(
    path,
    `-- written by bench/serve.ts: round-robin over ${requests.length} requests
local requests
local i = ${start}
init = function()
  requests = {
${entries.join("\n")}
  }
end
request = function()
  i = i + 1
  return requests[(i % #requests) + 1]
end
`,
  );
  return path;
}
