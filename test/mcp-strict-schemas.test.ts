import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { api, testApp, type TestApp } from "./support/app.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { strictToolsList } from "./support/inspector.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { mcpClient, resultText } from "./support/mcp.ts";

// Issue 20, "tool schemas every client accepts": the MCP Inspector's `--strict` portability check
// finds nothing in the five tools, on both transports; the rules it does not check (no unions in
// arguments, one nullable style, widely supported formats only) hold too; and the shapes the
// contract changed for them (`context` one level of scalars, `from` one string) answer REST and
// MCP with the same errors.

const TOOLS = ["get_availability", "get_expert", "get_inquiry_status", "search_experts", "submit_inquiry"];
const FORMATS = new Set(["email", "date-time", "uri", "uuid"]);

let app: TestApp;
let slug: string;
let key: TestKey;
let mcp: Client;
let tools: Tool[];

beforeAll(async () => {
  app = await testApp();
  [{ slug }] = await app.sql<
    { slug: string }[]
  >`select slug from experts where is_public and is_verified order by id limit 1`;
  key = await createTestKey(app.sql);
  mcp = await mcpClient(app.url, "streamable-http", key.headers);
  ({ tools } = await mcp.listTools());
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

describe("MCP Inspector --strict", () => {
  it.each(["/api/mcp", "/api/sse"])(
    "reports 0 errors and 0 warnings on the five tools over %s",
    async (endpoint) => {
      const { run, tools: listed, findings, summary } = await strictToolsList([`${app.url}${endpoint}`]);
      expect(listed.map((t) => t.name).sort()).toEqual(TOOLS);
      expect(findings.map((f) => `${f.severity} ${f.tool} ${f.schema}.${f.path}: ${f.rule}`)).toEqual([]);
      expect(summary).toBeNull(); // it prints "N errors, N warnings across N tools" only when there are some
      expect(run.code).toBe(0);
    },
    120_000,
  );

  it("the same reading sees the findings when a server has some (a control)", async () => {
    const { run, findings, summary } = await strictToolsList([
      process.execPath,
      "test/support/unportable-tool-server.ts",
    ]);
    expect(findings.map((f) => `${f.severity} ${f.schema}.${f.path}: ${f.rule}`).sort()).toEqual([
      "warning inputSchema.properties.anything: untyped-schema",
      "warning inputSchema.properties.label: type-union",
      "warning outputSchema.properties.rest.additionalProperties: untyped-schema",
    ]);
    expect(summary).toBe("0 errors, 3 warnings across 1 tool");
    expect(run.code).toBe(0); // warnings alone: --strict exits 6 only on errors
  }, 120_000);
});

type Schema = Record<string, any>;

/** Every subschema of `schema` with its path, the root included. */
function* subschemas(schema: Schema, path = ""): Generator<[string, Schema]> {
  yield [path, schema];
  for (const key of ["properties", "patternProperties"]) {
    for (const [name, s] of Object.entries((schema[key] ?? {}) as Schema))
      yield* subschemas(s, `${path}.${key}.${name}`);
  }
  for (const key of ["items", "additionalProperties", "propertyNames", "not"]) {
    if (schema[key] && typeof schema[key] === "object") yield* subschemas(schema[key], `${path}.${key}`);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const [i, s] of ((schema[key] ?? []) as Schema[]).entries()) yield* subschemas(s, `${path}.${key}[${i}]`);
  }
}

describe("the tool schemas, beyond what the Inspector checks", () => {
  it("give every argument one type, with no allOf, anyOf or oneOf, and no open object", () => {
    const faults: string[] = [];
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
      for (const [name, s] of Object.entries(tool.inputSchema.properties as Record<string, Schema>)) {
        const at = `${tool.name}.${name}`;
        if (typeof s.type !== "string") faults.push(`${at}: type ${JSON.stringify(s.type)}`);
        for (const k of ["allOf", "anyOf", "oneOf"]) if (k in s) faults.push(`${at}: ${k}`);
        if (s.type === "object" && (typeof s.additionalProperties !== "object" || !s.maxProperties))
          faults.push(`${at}: an object without bounded values`);
      }
      // the values of `context` are the one union of the arguments: each branch one type (the
      // spelling the Inspector recommends for "a string, a number or a boolean")
      for (const [path, s] of subschemas(tool.inputSchema)) {
        if (s.anyOf && !s.anyOf.every((b: Schema) => typeof b.type === "string"))
          faults.push(`${tool.name}${path}: an anyOf branch without one type`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("write every nullable one way, anyOf [S, {type: null}], and no type array anywhere", () => {
    const faults: string[] = [];
    let nullables = 0;
    for (const tool of tools) {
      for (const [kind, schema] of [
        ["input", tool.inputSchema],
        ["output", tool.outputSchema!],
      ] as const) {
        for (const [path, s] of subschemas(schema)) {
          const at = `${tool.name} ${kind}${path}`;
          if (Array.isArray(s.type)) faults.push(`${at}: type array`);
          if ("nullable" in s || "oneOf" in s || "allOf" in s) faults.push(`${at}: nullable, oneOf or allOf`);
          if (kind === "output" && s.anyOf) {
            const [value, none, ...more] = s.anyOf;
            if (more.length || JSON.stringify(none) !== '{"type":"null"}' || value.type === "null")
              faults.push(`${at}: an anyOf that is not [S, null]`);
            else nullables++;
          }
        }
      }
    }
    expect(faults).toEqual([]);
    expect(nullables).toBeGreaterThan(20); // the contract's nullable outputs, all of them found
  });

  it("use only formats every validator knows (email, date-time, uri, uuid)", () => {
    const formats = new Set(
      tools.flatMap((t) =>
        [...subschemas(t.inputSchema), ...subschemas(t.outputSchema!)].map(([, s]) => s.format).filter(Boolean),
      ),
    );
    expect([...formats].filter((f) => !FORMATS.has(f))).toEqual([]);
    expect(formats.has("email")).toBe(true);
  });

  it("publish context with its bounds: at most 20 keys of 1 to 64 characters, values a string of at most 500, a number or a boolean", () => {
    const submit = tools.find((t) => t.name === "submit_inquiry")!;
    const { description: _d, additionalProperties, ...context } = (submit.inputSchema.properties as Schema).context;
    expect(context).toEqual({
      type: "object",
      maxProperties: 20,
      propertyNames: { type: "string", minLength: 1, maxLength: 64 },
    });
    expect(additionalProperties.anyOf).toEqual([
      { type: "string", maxLength: 500 },
      { type: "number" },
      { type: "boolean" },
    ]);
  });
});

describe("REST and MCP give the same errors", () => {
  const toolText = (errors: { field: string; message: string }[]) =>
    `Invalid arguments: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}. Fix them and call the tool again.`;

  async function inquiries(): Promise<number> {
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from inquiries where api_key_id = ${key.keyId}`;
    return n;
  }

  it("for a nested, oversized or over-long context, naming the key, and write nothing", async () => {
    const before = await inquiries();
    const cases: [unknown, string][] = [
      [{ prefs: { languages: ["en"] } }, "context.prefs must be string, number or boolean"],
      [
        { languages: ["en", "de"], budget: null },
        "context.languages must be string, number or boolean; context.budget must be string, number or boolean",
      ],
      [{ notes: "x".repeat(501) }, "context.notes must NOT have more than 500 characters"],
      [{ ["k".repeat(65)]: true }, `context.${"k".repeat(65)} key must NOT have more than 64 characters`],
      [
        Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
        "context must NOT have more than 20 properties",
      ],
      ["timezone: Europe/Berlin", "context must be object"],
    ];
    for (const [context, says] of cases) {
      const rest = await api("POST", "/api/agents/inquiries", {
        body: inquiryFor(slug, { context }),
        headers: key.headers,
      });
      expect(rest.status).toBe(400);
      expect(toolText(rest.body.errors)).toBe(`Invalid arguments: ${says}. Fix them and call the tool again.`);
      const result = (await mcp.callTool({
        name: "submit_inquiry",
        arguments: inquiryFor(slug, { context }),
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(resultText(result)).toBe(toolText(rest.body.errors));
    }
    expect(await inquiries()).toBe(before);
  });

  it("for a from that is no date or date-time, or no real day or time", async () => {
    for (const from of [
      "tomorrow",
      "2026-03-10T09:00:00",
      "2026-03-10 09:00:00Z",
      "2026-02-30",
      "2026-03-10T25:00:00Z",
      "2026-03-10T12:00:00+24:00",
    ]) {
      const rest = await api("GET", `/api/agents/experts/${slug}/availability?from=${encodeURIComponent(from)}`);
      expect(rest.status, from).toBe(400);
      expect(rest.body.errors, from).toEqual([
        { field: "from", message: "must be a date (2026-03-10) or an RFC 3339 date-time with offset" },
      ]);
      const result = (await mcp.callTool({ name: "get_availability", arguments: { slug, from } })) as CallToolResult;
      expect(resultText(result), from).toBe(toolText(rest.body.errors));
    }
  });

  it("and both take a flat context and every spelling of from the contract gives", async () => {
    const context = { timezone: "Europe/Berlin", budget_usd: 300, urgent: false, notes: "n".repeat(500) };
    const result = (await mcp.callTool({
      name: "submit_inquiry",
      arguments: inquiryFor(slug, { context }),
    })) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    const [row] =
      await app.sql`select context from inquiries where id = ${(result.structuredContent as { inquiry_id: string }).inquiry_id}`;
    expect(row.context).toEqual(context);

    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const from of [day, `${day}T09:30:00Z`, `${day}t09:30:00.123456789z`, `${day}T09:30:00-04:00`]) {
      const rest = await api("GET", `/api/agents/experts/${slug}/availability?from=${encodeURIComponent(from)}&days=1`);
      expect(rest.status, from).toBe(200);
      const tool = (await mcp.callTool({
        name: "get_availability",
        arguments: { slug, from, days: 1 },
      })) as CallToolResult;
      expect(tool.structuredContent, from).toEqual(rest.body);
    }
  });
});
