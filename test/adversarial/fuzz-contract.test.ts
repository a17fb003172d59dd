import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import fc from "fast-check";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { contract, NUL_MESSAGE, operationParameters, SURROGATE_MESSAGE } from "../../src/contract/index.ts";
import { expectContractResponse } from "../support/contract.ts";
import {
  deref,
  hostileQuery,
  hostileRawBody,
  hostileSegment,
  hostileString,
  hostileValue,
  plantUnstorable,
  validValue,
} from "../support/fuzz-arbitraries.ts";
import { startApp, type TestApp } from "../support/app.ts";
import { createTestKey } from "../support/keys.ts";
import { expectConformingResult, mcpClient, resultText } from "../support/mcp.ts";

// Property-based fuzzing of every operation of openapi/agents.yaml over the wire (issue 11,
// "Prove it"). For each operation, requests the contract calls valid and requests mutated into
// hostile ones (fields, raw bodies, media types, query strings, path segments, headers). Every
// answer: never a 5xx; every 4xx a problem body the contract documents for that operation; and a
// refused request changes no row. Text PostgreSQL cannot store (NUL, lone surrogates) is planted
// at any depth of every body and of every MCP tool's arguments, and must be the 400 (or tool
// error) naming it. A fixed seed makes a failure reproducible; FUZZ_RUNS raises the number of
// hostile cases per operation (default 200, plus a quarter as many valid ones).

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
// Bun's HTTP server refuses request headers over 16 KB itself, with a bare 431, before the app.
const BUN_HEADER_LIMIT = 16 * 1024;

let app: TestApp;
let slugs: string[];
const creds = { session: "", logoutSession: "", bearer: "" };
export const figures: Record<string, { cases: number; statuses: Record<number, number> }> = {};

interface Case {
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

async function fingerprint(): Promise<string> {
  const [row] = await app.sql`
    select (select count(*) from users) as users, (select count(*) from api_keys) as keys,
           (select count(*) from api_keys where revoked_at is not null) as revoked,
           (select count(*) from sessions) as sessions, (select count(*) from inquiries) as inquiries,
           (select count(*) from outbox) as outbox, (select count(*) from idempotency_records) as idempotency,
           (select version from directory_version) as directory`;
  return JSON.stringify(row);
}

beforeAll(async () => {
  app = await startApp();
  slugs = (
    await app.sql<{ slug: string }[]>`select slug from experts where is_public and is_verified order by id limit 5`
  ).map((r) => r.slug);
  const signup = async (email: string) => {
    const res = await fetch(`${app.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery staple" }),
    });
    return res.headers.getSetCookie()[0].split(";")[0];
  };
  creds.session = await signup("fuzz-owner@example.com");
  creds.logoutSession = await signup("fuzz-logout@example.com");
  const key = await fetch(`${app.url}/api/agents/keys`, {
    method: "POST",
    headers: { cookie: creds.session, "content-type": "application/json" },
    body: '{"name":"fuzz"}',
  });
  creds.bearer = `Bearer ${(await key.json()).key}`;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

/** What an operation needs to get past its credential check, so the rest is really exercised. */
function credentialsOf(operationId: string): Record<string, string> {
  if (operationId === "createInquiry" || operationId === "getInquiryStatus") return { authorization: creds.bearer };
  if (operationId === "logout") return { cookie: creds.logoutSession };
  if (["listApiKeys", "createApiKey", "revokeApiKey", "getCurrentUser"].includes(operationId))
    return { cookie: creds.session };
  // Any key id with the session: random ids end in 404, after the body's checks (no DNS asked).
  if (["getWebhook", "setWebhook", "deleteWebhook", "rotateWebhookSecret"].includes(operationId))
    return { cookie: creds.session };
  return {};
}

function validPath(template: string): fc.Arbitrary<string> {
  return fc
    .record({
      slug: fc.oneof(
        fc.constantFrom(...slugs),
        validValue((contract.components.parameters as any).slug.schema).map(String),
      ),
      id: fc.uuid(),
    })
    .map(({ slug, id }) => template.replace("{slug}", encodeURIComponent(slug)).replace("{id}", id));
}

function validQuery(operationId: string): fc.Arbitrary<string> {
  const params = operationParameters(operationId, "query");
  if (!params.length) return fc.constant("");
  const record = Object.fromEntries(params.map((p) => [p.name, validValue(p.schema)]));
  return fc
    .record(record, { requiredKeys: [] })
    .map((q) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString());
}

function validBody(schemaRef: Record<string, unknown> | undefined): fc.Arbitrary<Record<string, unknown> | undefined> {
  if (!schemaRef) return fc.constant(undefined);
  const isInquiry = deref(schemaRef).properties?.expert_slug !== undefined;
  return (validValue(schemaRef) as fc.Arbitrary<Record<string, unknown>>).chain((body) =>
    isInquiry ? fc.constantFrom(...slugs).map((slug) => ({ ...body, expert_slug: slug })) : fc.constant(body),
  );
}

/** The case's body as an object, or {} when an earlier mutation made it something else. */
function bodyObject(c: Case): Record<string, unknown> {
  try {
    const value = JSON.parse(c.body ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** One hostile change to a valid request. */
function mutate(operationId: string, template: string, base: fc.Arbitrary<Case>, hasBody: boolean): fc.Arbitrary<Case> {
  const params = operationParameters(operationId, "query").map((p) => p.name);
  const mutations: fc.Arbitrary<(c: Case) => Case>[] = [
    hostileQuery(params).map((q) => (c: Case) => ({ ...c, query: c.query ? `${c.query}&${q}` : q })),
    fc
      .integer({ min: 1_000, max: 40_000 })
      .map((n) => (c: Case) => ({ ...c, headers: { ...c.headers, "x-filler": "h".repeat(n) } })),
    fc
      .constantFrom(
        "Bearer",
        "Bearer edk_live_short",
        "Basic YTpi",
        `Bearer edk_live_${"A".repeat(40)}`,
        "Bearer \u00ff",
        "x".repeat(5000),
      )
      .map((authorization) => (c: Case) => ({ ...c, headers: { ...c.headers, authorization } })),
    fc
      .constantFrom(
        "ed_session=",
        "ed_session =x",
        "ed_session=%",
        `ed_session=${"z".repeat(43)}`,
        "a=1; a=2; ed_session",
        "=;=;=",
      )
      .map((cookie) => (c: Case) => ({ ...c, headers: { ...c.headers, cookie } })),
    // Conditional and content-negotiation headers: a 304 (on `*`) must be documented, nonsense ignored.
    fc
      .tuple(
        fc.oneof(
          hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "?")),
          fc.constantFrom("*", 'W/"x", "y"', '"', "W/", ",,,", `"${"a".repeat(8000)}"`),
        ),
        fc.constantFrom(
          "br;q=abc",
          "gzip;q=-1",
          "*;q=0",
          "identity;q=0",
          ",;,",
          "br;q=1e309",
          "gzip, br",
          "x-gzip;q=0.5",
        ),
      )
      .map(([ifNoneMatch, acceptEncoding]) => (c: Case) => ({
        ...c,
        headers: { ...c.headers, "if-none-match": ifNoneMatch, "accept-encoding": acceptEncoding },
      })),
  ];
  if (/\{(slug|id)\}/.test(template)) {
    mutations.push(hostileSegment.map((seg) => (c: Case) => ({ ...c, path: template.replace(/\{(slug|id)\}/, seg) })));
  }
  if (hasBody) {
    mutations.push(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom(
              "email",
              "password",
              "name",
              "expert_slug",
              "requester_name",
              "requester_email",
              "message",
              "context",
            ),
            fc.string({ maxLength: 10 }),
          ),
          hostileValue,
        )
        .map(([field, value]) => (c: Case) => ({ ...c, body: JSON.stringify({ ...bodyObject(c), [field]: value }) })),
      fc.constant((c: Case) => {
        const body = bodyObject(c);
        delete body[Object.keys(body)[0]];
        return { ...c, body: JSON.stringify(body) };
      }),
      hostileRawBody.map((body) => (c: Case) => ({ ...c, body })),
      plantUnstorable.map((plant) => (c: Case) => ({ ...c, body: JSON.stringify(plant(bodyObject(c)).value) })),
      fc
        .constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/xml",
          "application/jsonx",
          "*/*",
        )
        .map((type) => (c: Case) => ({ ...c, headers: { ...c.headers, "content-type": type } })),
      hostileString.map((s) => (c: Case) => ({
        ...c,
        headers: { ...c.headers, "idempotency-key": s.replace(/[^\x20-\x7e]/g, "?") || " " },
      })),
    );
  }
  return fc
    .tuple(base, fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 2 }))
    .map(([c, fs]) => fs.reduce((acc, f) => f(acc), c));
}

async function check(method: string, operationId: string, c: Case): Promise<{ status: number; body: any }> {
  const before = await fingerprint();
  const url = `${app.url}${c.path}${c.query ? `?${c.query}` : ""}`;
  const res = await fetch(url, { method, headers: c.headers, body: c.body });
  const text = await res.text();
  const stats = (figures[operationId] ??= { cases: 0, statuses: {} });
  stats.cases++;
  stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
  expect(res.status).toBeLessThan(500);
  // the request line counts towards Bun's limit too
  const headerBytes = Object.entries(c.headers).reduce(
    (n, [k, v]) => n + k.length + v.length,
    c.path.length + c.query.length,
  );
  const type = res.headers.get("content-type");
  const body = type?.includes("json") && text ? JSON.parse(text) : text;
  if (res.status === 431) {
    expect(headerBytes).toBeGreaterThan(BUN_HEADER_LIMIT - 1024);
  } else {
    expectContractResponse(method, c.path, res.status, type, body);
    if (res.status >= 400) expect(type).toStartWith("application/problem+json");
  }
  if (res.status >= 400) expect(await fingerprint()).toBe(before);
  return { status: res.status, body };
}

describe("every operation of the contract, fuzzed", () => {
  for (const [template, item] of Object.entries(contract.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, any>)) {
      const operationId: string = op.operationId;
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      // Built when the test runs: the slugs and credentials exist only after beforeAll.
      const base = (): fc.Arbitrary<Case> =>
        fc
          .record({ path: validPath(template), query: validQuery(operationId), body: validBody(schema) })
          .map(({ path, query, body }) => ({
            path,
            query,
            headers: { ...credentialsOf(operationId), ...(body ? { "content-type": "application/json" } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          }));
      const verb = method.toUpperCase();
      it(`${verb} ${template} (${operationId}): valid requests`, async () => {
        await fc.assert(
          fc.asyncProperty(base(), async (c) => void (await check(verb, operationId, c))),
          { seed: SEED, numRuns: Math.max(10, Math.round(RUNS / 4)) },
        );
      }, 600_000);
      it(`${verb} ${template} (${operationId}): hostile requests`, async () => {
        await fc.assert(
          fc.asyncProperty(
            mutate(operationId, template, base(), !!schema),
            async (c) => void (await check(verb, operationId, c)),
          ),
          { seed: SEED, numRuns: RUNS },
        );
      }, 600_000);
      if (schema) {
        it(`${verb} ${template} (${operationId}): NUL or a lone surrogate anywhere in a valid body is the 400 naming it`, async () => {
          const planted = fc.tuple(base(), plantUnstorable).map(([c, plant]) => ({ c, planted: plant(bodyObject(c)) }));
          await fc.assert(
            fc.asyncProperty(planted, async ({ c, planted: p }) => {
              const res = await check(verb, operationId, { ...c, body: JSON.stringify(p.value) });
              expect(res.status).toBe(400);
              expect(res.body.errors).toEqual([
                { field: p.field, message: p.kind === "nul" ? NUL_MESSAGE : SURROGATE_MESSAGE },
              ]);
            }),
            { seed: SEED, numRuns: Math.max(10, Math.round(RUNS / 5)) },
          );
        }, 600_000);
      }
    }
  }
});

describe("every MCP tool, fuzzed through the official client", () => {
  const INTERNAL = "Something went wrong";
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    // an account of its own: the REST cases above spent the inquiry limit of theirs (and the
    // sign-up budget of this address)
    client = await mcpClient(
      app.url,
      "streamable-http",
      (await createTestKey(app.sql, { email: "fuzz-mcp@example.com" })).headers,
    );
    ({ tools } = await client.listTools());
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  /** Valid arguments from the tool's published inputSchema, with slugs that exist. */
  function validArguments(tool: Tool): fc.Arbitrary<Record<string, unknown>> {
    const properties = tool.inputSchema.properties as Record<string, Record<string, unknown>>;
    const fields = Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [
        name,
        name === "slug" || name === "expert_slug"
          ? fc.constantFrom(...slugs)
          : name === "inquiry_id"
            ? fc.uuid()
            : validValue(schema),
      ]),
    );
    return fc.record(fields, { requiredKeys: (tool.inputSchema.required ?? []) as string[] }) as fc.Arbitrary<
      Record<string, unknown>
    >;
  }

  /** One hostile change to valid arguments: a wrong value in a known or unknown argument, or one left out. */
  function hostileArguments(tool: Tool): fc.Arbitrary<Record<string, unknown>> {
    const names = Object.keys(tool.inputSchema.properties as object);
    type Change = (a: Record<string, unknown>) => Record<string, unknown>;
    const change: fc.Arbitrary<Change> = fc.oneof(
      fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), hostileValue).map(
        ([name, value]): Change =>
          (a) => ({ ...a, [name]: value }),
      ),
      fc.constantFrom(...names).map(
        (name): Change =>
          (a) =>
            Object.fromEntries(Object.entries(a).filter(([k]) => k !== name)),
      ),
      plantUnstorable.map(
        (plant): Change =>
          (a) =>
            plant(a).value as Record<string, unknown>,
      ),
    );
    return fc
      .tuple(validArguments(tool), fc.array(change, { minLength: 1, maxLength: 2 }))
      .map(([a, fs]) => fs.reduce((acc, f) => f(acc), a));
  }

  /**
   * One call: never a protocol error or a 5xx (the client would throw), never an internal error,
   * nothing written when refused. Arguments past the body limit are the transport's 413.
   */
  async function callTool(tool: Tool, args: Record<string, unknown>): Promise<CallToolResult | null> {
    const before = await fingerprint();
    const stats = (figures[`mcp:${tool.name}`] ??= { cases: 0, statuses: {} });
    stats.cases++;
    const tally = (status: number) => (stats.statuses[status] = (stats.statuses[status] ?? 0) + 1);
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
    } catch (error) {
      if (!(error instanceof StreamableHTTPError) || error.code !== 413) throw error;
      expect(JSON.stringify(args).length).toBeGreaterThan(60_000);
      tally(413);
      return null;
    }
    tally(result.isError ? 400 : 200); // as a REST status would be
    expect(resultText(result)).not.toContain(INTERNAL);
    if (result.isError) {
      expect(result.structuredContent).toBeUndefined();
      expect(await fingerprint()).toBe(before);
    } else {
      expectConformingResult(tool, result);
    }
    return result;
  }

  for (const name of ["search_experts", "get_expert", "get_availability", "submit_inquiry", "get_inquiry_status"]) {
    const tool = () => tools.find((t) => t.name === name)!;
    it(`${name}: valid and hostile arguments, never an internal error`, async () => {
      const runs = Math.max(10, Math.round(RUNS / 5));
      await fc.assert(
        fc.asyncProperty(validArguments(tool()), (a) => callTool(tool(), a).then(() => {})),
        { seed: SEED, numRuns: Math.round(runs / 2) },
      );
      await fc.assert(
        fc.asyncProperty(hostileArguments(tool()), (a) => callTool(tool(), a).then(() => {})),
        { seed: SEED, numRuns: runs },
      );
    }, 600_000);

    it(`${name}: NUL or a lone surrogate anywhere in the arguments is the tool error naming it`, async () => {
      const planted = fc.tuple(validArguments(tool()), plantUnstorable).map(([a, plant]) => plant(a));
      await fc.assert(
        fc.asyncProperty(planted, async (p) => {
          const result = (await callTool(tool(), p.value as Record<string, unknown>))!;
          expect(result.isError).toBe(true);
          expect(resultText(result)).toBe(
            `Invalid arguments: ${p.field} ${p.kind === "nul" ? NUL_MESSAGE : SURROGATE_MESSAGE}. Fix them and call the tool again.`,
          );
        }),
        { seed: SEED, numRuns: Math.max(10, Math.round(RUNS / 10)) },
      );
    }, 600_000);
  }
});

it("ran every operation", () => {
  expect(Object.keys(figures).filter((k) => k.startsWith("mcp:")).length).toBe(5);
  if (process.env.FUZZ_REPORT) console.log(JSON.stringify(figures, null, 1));
  expect(Object.keys(figures).length).toBe(16 + 5);
});
