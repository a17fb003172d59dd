import { describe, expect, it } from "bun:test";
import { clientAddresses } from "../src/http/client-ip.ts";
import { Elysia } from "elysia";
import { bodyValidator, contract, queryValidator, resolveRefs } from "../src/contract/index.ts";
import { authPlugin, type KeyVerdict } from "../src/http/auth.ts";
import { HttpProblem, problem, problemResponse } from "../src/http/problem.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { createLogger } from "../src/log.ts";

function problemOf(run: () => unknown): HttpProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
  throw new Error("no problem was thrown");
}

describe("the contract's one $ref resolver", () => {
  it("inlines refs, keeps a ref's siblings over its target and drops examples", () => {
    const locale = resolveRefs(contract.components.parameters.locale) as Record<string, any>;
    expect(locale.schema.default).toBe("en");
    expect(locale.schema.enum).toEqual((contract.components.schemas.Locale as { enum: string[] }).enum);
    expect(JSON.stringify(resolveRefs(contract.paths))).not.toContain('"$ref"');
    expect(locale.example).toBeUndefined();
  });

  it("reads keys of a properties map as names: a property may be called example or description", () => {
    const schema = {
      type: "object",
      description: "Calls `getExpert`.",
      properties: { example: { type: "string", example: "x" }, description: { type: "string", description: "Text." } },
    };
    const resolved = resolveRefs(schema, { describe: (t) => t.toUpperCase() }) as Record<string, any>;
    expect(resolved.description).toBe("CALLS `GETEXPERT`.");
    expect(resolved.properties.example).toEqual({ type: "string" });
    expect(resolved.properties.description).toEqual({ type: "string", description: "TEXT." });
  });

  it("writes an allOf of plain objects as one object for zod, and leaves any other allOf alone", () => {
    const merged = resolveRefs(
      {
        allOf: [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }],
        properties: { b: { type: "integer" } },
        required: ["b"],
      },
      { mergeAllOf: true },
    );
    expect(merged).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a", "b"],
    });
    const clash = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { a: { maxLength: 2 } } },
      ],
    };
    expect(resolveRefs(clash, { mergeAllOf: true })).toEqual(clash);
  });
});

describe("validators typed by operationId", () => {
  const search = queryValidator("searchExperts");
  const status = queryValidator("getInquiryStatus");
  const createKey = bodyValidator("createApiKey");

  it("reads the raw query: integers, defaults, repeated and unknown names", () => {
    const query = search(new Request("http://localhost/api/agents/experts?q=tax&page=2"));
    expect(query).toEqual({ q: "tax", page: 2, limit: 10, locale: "en" });
    const repeated = problemOf(() => search(new Request("http://localhost/?q=a&q=b&nope=1")));
    expect(repeated.status).toBe(400);
    expect(repeated.extra.errors).toEqual([
      { field: "nope", message: "is not a parameter of this endpoint" },
      { field: "q", message: "must be given at most once" },
    ]);
    expect(problemOf(() => status(new Request("http://localhost/?limit=1"))).extra.errors).toEqual([
      { field: "limit", message: "is not a parameter of this endpoint" },
    ]);
  });

  it("checks a body against the operation's request schema", () => {
    expect(createKey({ name: "laptop" }).name).toBe("laptop");
    expect(problemOf(() => createKey({ name: "a", extra: 1 })).extra.errors).toEqual([
      { field: "extra", message: "is not an allowed field" },
    ]);
    expect(problemOf(() => createKey({ name: "a\u0000" })).extra.errors).toEqual([
      { field: "name", message: "must not contain NUL characters" },
    ]);
  });

  // Compiled by test/typecheck.test.ts, never run: the types come from the operation, not the caller.
  function typesOnly(request: Request) {
    const limit: number | undefined = search(request).limit;
    // @ts-expect-error searchExperts has no parameter `nope`
    search(request).nope;
    // @ts-expect-error getInquiryStatus takes no query parameters
    const none: string = status(request).q;
    // @ts-expect-error the operationId must be one of the contract's
    queryValidator("noSuchOperation");
    return [limit, none];
  }
  expect(typesOnly).toBeFunction();
});

describe("the auth plugin", () => {
  type Owner = { keyId: string };
  function setup(verdict: KeyVerdict<Owner>) {
    const calls: string[] = [];
    const limiter = createRateLimiter({
      settings: {
        enabled: true,
        windowSeconds: 60,
        budgets: {
          search: { anonymous: 1, withKey: 2 },
          profile: { anonymous: 1, withKey: 1 },
          availability: { anonymous: 1, withKey: 1 },
          "mcp-session": { anonymous: 1, withKey: 1 },
        },
      },
      log: createLogger("error", () => {}),
    });
    const auth = authPlugin<Owner, { id: string }>({
      async verifyKey(authorization) {
        calls.push(`key ${authorization}`);
        return verdict;
      },
      missingKey: () => problem(401, "needs a key"),
      sessionUser: async () => null,
      limiter,
      clientAddress: clientAddresses(null),
    });
    const app = new Elysia()
      .onError(({ error }) => (error instanceof HttpProblem ? problemResponse(error) : undefined))
      .use(auth.plugin)
      // the options in both orders: the outcome must not depend on it
      .get("/a", ({ caller }) => ({ owner: caller.owner }), { apiKey: true, rateLimit: "search" })
      .get("/b", ({ caller }) => ({ owner: caller.owner }), { rateLimit: "search", apiKey: true })
      .get("/c", ({ owner }) => owner, { requireApiKey: true });
    return { app, calls };
  }
  const get = (app: { handle(r: Request): Promise<Response> }, path: string) =>
    app.handle(new Request(`http://localhost${path}`, { headers: { authorization: "Bearer k" } }));

  it("checks the key once per request, whichever options ask, and draws on the key's budget", async () => {
    const { app, calls } = setup({ kind: "valid", owner: { keyId: "k1" } });
    const res = await get(app, "/a");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ owner: { keyId: "k1" } });
    expect(res.headers.get("ratelimit-policy")).toBe('"search";q=2;w=60');
    expect(calls).toEqual(["key Bearer k"]);
  });

  it("answers an invalid key with its 401 before any budget is drawn on, in either option order", async () => {
    const { app } = setup({ kind: "invalid", problem: problem(401, "bad key") });
    for (const path of ["/a", "/b", "/a", "/b"]) {
      const res = await get(app, path);
      expect(res.status).toBe(401);
      expect(res.headers.get("ratelimit")).toBeNull();
    }
  });

  it("answers a missing key on requireApiKey with the missing-key problem", async () => {
    const { app } = setup({ kind: "none" });
    const res = await get(app, "/c");
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe("needs a key");
  });
});
