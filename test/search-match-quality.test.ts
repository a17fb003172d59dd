import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { get, startApp, type TestApp } from "./support/app.ts";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";
import { lookUntil } from "./support/looks.ts";

setDefaultTimeout(120_000);

// match_quality is a property of the search (q and filters), not of the page: judged from the
// search's first 10 results by relevance (src/search/quality.ts), so every page and limit, and
// REST (validated against the contract by `get`), MCP (against the tool's output schema) and the
// directory page say the same. Judged from the page, "family lawyer" said strong on page 0 and
// none on page 1 (its three family lawyers are ranks 1-3), on the demo directory.

type Quality = "strong" | "partial" | "none" | null;
interface Answer {
  experts: { slug: string; match: { unmatched: string[] } | null }[];
  match_quality: Quality;
  has_more: boolean;
}

let app: TestApp;
let client: Client;
let tool: Tool;

beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMITS: "off", LOG_LEVEL: "silent" }, countStatements: true });
  client = await mcpClient(app.url, "streamable-http");
  tool = (await client.listTools()).tools.find((t) => t.name === "search_experts")!;
});
afterAll(async () => {
  await client?.close();
  await app?.stop();
});

/** The query string of a search's parameters (REST and the directory page read the same). */
function queryString(params: Record<string, string | number>): URLSearchParams {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
}

async function rest(params: Record<string, string | number>): Promise<Answer> {
  const res = await get(app, `/api/agents/experts?${queryString(params)}`);
  expect(res.status).toBe(200);
  return res.body as Answer;
}

async function mcp(args: Record<string, string | number>): Promise<{ answer: Answer; text: string }> {
  const result = (await client.callTool({ name: "search_experts", arguments: args })) as CallToolResult;
  expectConformingResult(tool, result);
  return { answer: result.structuredContent as unknown as Answer, text: resultText(result) };
}

/** The directory page's results and its match-quality notice (none shown for strong, nor on an empty page). */
async function page(params: Record<string, string | number>): Promise<{ slugs: string[]; quality: string | null }> {
  const res = await get(app, `/experts?${queryString(params)}`);
  expect(res.status).toBe(200);
  const body = res.body as string;
  const slugs = [...body.matchAll(/<li class="card result">[\s\S]*?href="\/experts\/([^"?]+)/g)].map((m) => m[1]);
  return { slugs, quality: /data-quality="(\w+)"/.exec(body)?.[1] ?? null };
}

const LIMITS = [1, 5, 10, 20];
const PAGES = [0, 1, 2, 3];

describe("match_quality is the search's, not the page's", () => {
  it("the same q gives the same match_quality at every limit and page, on REST, MCP and the directory page", async () => {
    const seen = new Set<Quality>();
    for (const q of ["family lawyer", "tax advisor berlin", "tax advisor for my bakery", "yoga instructor"]) {
      const expected = (await rest({ q })).match_quality;
      seen.add(expected);
      for (const limit of LIMITS)
        for (const p of PAGES) {
          const at = { q, limit, page: p };
          const r = await rest(at);
          const m = await mcp(at);
          const shown = await page(at);
          expect({ ...at, rest: r.match_quality, mcp: m.answer.match_quality }).toEqual({
            ...at,
            rest: expected,
            mcp: expected,
          });
          expect(shown.slugs).toEqual(r.experts.map((e) => e.slug));
          // Said of the search, so true of any page: not "these experts fit in part" of a page that fits nothing.
          if (expected === "partial" && r.experts.length > 0)
            expect(m.text).toContain("fully: the best matches fit it only in part");
          // The page says none and partial, and nothing for strong or when it lists nobody.
          const notice = r.experts.length === 0 || expected === "strong" ? null : expected;
          expect({ ...at, page: shown.quality }).toEqual({ ...at, page: notice });
        }
      // Whatever the order asked for: judged by relevance.
      for (const sort of ["rating", "newest"])
        for (const p of [0, 1]) expect((await rest({ q, sort, limit: 5, page: p })).match_quality).toBe(expected);
    }
    expect([...seen].sort()).toEqual(["none", "partial", "strong"]);
  });

  it("a q nobody fits says none on every page, and MCP says so on each", async () => {
    for (let p = 0; ; p++) {
      const r = await rest({ q: "yoga instructor", limit: 5, page: p });
      expect(r.match_quality).toBe("none");
      const m = await mcp({ q: "yoga instructor", limit: 5, page: p });
      expect(m.answer.match_quality).toBe("none");
      expect(m.text).toContain('Nobody in the directory fits "yoga instructor"');
      if (!r.has_more) {
        expect(p).toBeGreaterThan(1); // it spans pages
        break;
      }
    }
  });

  it("a search whose one strong fit is rank 1 says strong on page 2, whose experts fit nothing", async () => {
    const q = "corporate lawyer munich";
    const first = await rest({ q, limit: 5 });
    expect(first.match_quality).toBe("strong");
    expect(first.experts[0].match!.unmatched).toEqual([]);
    const third = await rest({ q, limit: 5, page: 2 });
    expect(third.experts.length).toBeGreaterThan(0);
    expect(third.experts.every((e) => e.match!.unmatched.length > 0)).toBe(true);
    expect(third.match_quality).toBe("strong");
    expect((await mcp({ q, limit: 5, page: 2 })).text).not.toContain("Nobody in the directory fits");
    // Only rank 1 fits: at limit 1, page 1 onwards holds none of it, and still says strong.
    const second = await rest({ q, limit: 1, page: 1 });
    expect(second.experts[0].match!.unmatched.length).toBeGreaterThan(0);
    expect(second.match_quality).toBe("strong");
  });

  it("costs one statement more on a page that does not hold the first 10 results, once per search", async () => {
    const sent = () => app.server.db.statementsSent!();
    const statements = async (params: Record<string, string | number>) => {
      const before = sent();
      expect((await rest(params)).match_quality).toBe("strong");
      return sent() - before;
    };
    // Background work of the app (the outbox, the version channel) may send a statement while a
    // request runs, never take one away: each figure is the fewest of three requests alike.
    const fewest = async (requests: Record<string, string | number>[]) => {
      const counts: number[] = [];
      for (const params of requests) counts.push(await statements(params));
      return Math.min(...counts);
    };
    const locales = ["es", "fr", "de"];
    // Spellings of one search share its totals and ranking (the same filters and terms), not its
    // remembered quality (keyed by q as given): each is judged cold, with totals warm. The locale
    // changes neither, only the answer's texts: a request answered anew, warm.
    const q = "software architect seoul";
    let spelt = 0;
    const spellings = () =>
      [0, 1, 2].map(() => {
        const i = spelt++;
        return q.slice(0, i) + q[i].toUpperCase() + q.slice(i + 1);
      });
    // Until the directory version is pushed over the channel each search reads it: wait for a
    // remembered answer to cost nothing (a count of looks, not a deadline).
    await rest({ q });
    for (let look = 0; look < 500 && (await statements({ q })) > 0; look++) await Bun.sleep(10);
    for (const at of [
      { page: 1, limit: 10 },
      { page: 2, limit: 5 },
      { page: 0, limit: 1 },
      { page: 0, limit: 5, sort: "rating" },
    ] as { page: number; limit: number; sort?: string }[]) {
      await rest({ q, ...at });
      const warm = await fewest(locales.map((locale) => ({ q, ...at, locale })));
      const others = spellings().filter((other) => other !== q);
      const cold = await fewest(others.map((other) => ({ q: other, ...at })));
      expect({ ...at, cold }).toEqual({ ...at, cold: warm + 1 });
      // Now remembered for those spellings too: another page or limit of them reads no quality again.
      const next = { ...at, page: at.page + 1 };
      await rest({ q, ...next });
      const nextWarm = await fewest(locales.map((locale) => ({ q, ...next, locale })));
      expect(await fewest(others.map((other) => ({ q: other, ...next })))).toBe(nextWarm);
    }
    // A first page of 10 or more by relevance is judged from its own rows: no statement more.
    const q2 = "tax advisor hamburg";
    await rest({ q: q2, limit: 20 });
    const warm = await fewest(locales.map((locale) => ({ q: q2, limit: 20, locale })));
    const cold = await fewest(
      ["Tax advisor hamburg", "tax Advisor hamburg", "tax advisor Hamburg"].map((other) => ({ q: other, limit: 20 })),
    );
    expect(cold).toBe(warm);
  });

  it("is judged again after a write: the strong fit unlisted, page 2 no longer says strong", async () => {
    const q = "corporate lawyer munich";
    const [best] = (await rest({ q, limit: 1 })).experts;
    expect((await rest({ q, limit: 5, page: 2 })).match_quality).toBe("strong");
    await app.sql`update experts set is_public = false where slug = ${best.slug}`;
    // On PostgreSQL the app learns of the write by a notification: a moment later, not at once.
    try {
      const after = await lookUntil(
        () => rest({ q, limit: 5, page: 2 }),
        (r) => r.match_quality !== "strong",
        "page 2 judged again after the strong fit was unlisted",
      );
      expect(after.match_quality).toBe((await rest({ q, limit: 20 })).match_quality);
    } finally {
      await app.sql`update experts set is_public = true where slug = ${best.slug}`;
    }
    await lookUntil(
      () => rest({ q, limit: 5, page: 2 }),
      (r) => r.match_quality === "strong",
      "page 2 strong again once the fit is listed",
    );
  });
});
