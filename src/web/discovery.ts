import { contract } from "../contract/index.ts";

// The texts crawlers and agents look for first: /llms.txt, /robots.txt, /.well-known/security.txt.
// llms.txt is built from the contract (its description's sections, its operations, its key
// scheme), so what it says cannot drift from what the API does.

// biome-ignore lint/suspicious/noExplicitAny: the contract read as plain JSON, walked by key
type Json = Record<string, any>;

/** MCP tools and the REST operation each stands for (test/discovery.test.ts checks the server's list). */
export const MCP_TOOLS: [tool: string, operationId: string][] = [
  ["search_experts", "searchExperts"],
  ["get_expert", "getExpert"],
  ["get_availability", "getExpertAvailability"],
  ["submit_inquiry", "createInquiry"],
  ["get_inquiry_status", "getInquiryStatus"],
];

// The operations an agent calls, in the order it calls them; the rest are the dashboard's.
const AGENT_TAGS = new Set(["Experts", "Inquiries", "Webhooks"]);

interface Op {
  method: string;
  path: string;
  op: Json;
}

function operations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(contract.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === "object" && op.operationId) out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

/** One `## Heading` section of the contract's description, without its heading. */
function section(heading: string): string {
  const description = (contract.info as Json).description as string;
  const parts = description.split(/^## /m);
  const found = parts.find((p) => p.startsWith(`${heading}\n`));
  return found ? found.slice(heading.length + 1).trim() : "";
}

function firstParagraph(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s*\n\s*/g, " ");
}

function auth(op: Json): string {
  const security = (op.security ?? []) as Json[];
  const schemes = security.flatMap((s) => Object.keys(s));
  if (schemes.includes("sessionCookie") && schemes.includes("bearerAuth"))
    return "the API key itself, or the dashboard session";
  if (schemes.includes("sessionCookie")) return "dashboard session";
  if (security.some((s) => Object.keys(s).length === 0)) return "no key needed (a key raises the rate limit)";
  return "API key required";
}

export function llmsTxt(base: string): string {
  const ops = operations();
  const byId = new Map(ops.map((o) => [o.op.operationId as string, o]));
  const agentOps = ops.filter((o) => (o.op.tags ?? []).some((t: string) => AGENT_TAGS.has(t)));
  const bearer = (contract.components.securitySchemes as Json).bearerAuth.description as string;
  const lines = [
    "# Expert Directory",
    "",
    `> ${(contract.info as Json).summary}`,
    "",
    firstParagraph((contract.info as Json).description),
    "",
    "## What to call first",
    "",
    section("Typical workflow"),
    "",
    "## Operations",
    "",
    ...agentOps.map(
      (o) =>
        `- \`${o.method} ${base}${o.path}\` (${o.op.operationId}, ${auth(o.op)}): ${o.op.summary}. ${firstParagraph(o.op.description)}`,
    ),
    "",
    "## Limits",
    "",
    section("Rate limits"),
    "",
    "## Getting an API key",
    "",
    section("Authentication"),
    "",
    bearer
      .trim()
      .replace(/\s*\n\s*/g, " ")
      .replace("`/dashboard`", `${base}/dashboard`),
    "",
    "## MCP",
    "",
    `- Streamable HTTP: ${base}/api/mcp (preferred); HTTP+SSE: ${base}/api/sse`,
    "- Send `Authorization: Bearer <API_KEY>` with the connection for the tools that need a key.",
    ...MCP_TOOLS.map(
      ([tool, id]) => `- \`${tool}\`: ${byId.get(id)?.op.summary ?? id} (as ${id}; ${auth(byId.get(id)?.op ?? {})})`,
    ),
    "",
    "## Reference",
    "",
    `- OpenAPI 3.1 contract: ${base}/api/openapi.json`,
    `- Interactive reference: ${base}/api/docs`,
    `- Human directory: ${base}/experts; profiles at ${base}/experts/{slug}, booking at ${base}/experts/{slug}#booking`,
    "",
  ];
  return lines.join("\n");
}

export function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // Account pages and the JSON API are no pages to index; agents read /llms.txt instead.
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Allow: /api/openapi.json",
    "Allow: /api/docs",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

/** RFC 9116; Expires is always 180 days ahead, as the file is generated, never stale. */
export function securityTxt(base: string, contact: string, now = Date.now()): string {
  const expires = new Date(now + 180 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  return [
    `Contact: ${contact}`,
    `Expires: ${expires}`,
    "Preferred-Languages: en",
    `Canonical: ${base}/.well-known/security.txt`,
    "",
  ].join("\n");
}
