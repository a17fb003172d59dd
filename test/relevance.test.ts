import { beforeAll, describe, expect, it } from "bun:test";
import { testApp, type TestApp } from "./support/app.ts";
import { formatMetrics, KINDS, loadQueries, scoreRelevance, type Report } from "./relevance/score.ts";

// Floors for search quality on the judged queries (test/relevance/queries.json), set just under the
// figures the engine reached (nDCG@10 0.948, no empty answer; `bun run relevance`), so that a
// change that makes search worse fails here. Raise them when search gets better.
export const NDCG_FLOOR = 0.94;
export const ZERO_RESULT_CEILING = 0.01;

const queries = loadQueries();
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

describe("judged queries", () => {
  it("are well-formed", () => {
    const ids = queries.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of queries) {
      expect(KINDS).toContain(q.kind);
      expect(typeof q.q).toBe("string");
      expect(q.note.length).toBeGreaterThan(0);
      for (const grade of Object.values(q.relevant)) expect([1, 2, 3]).toContain(grade);
      if (q.kind === "none") expect(Object.keys(q.relevant)).toHaveLength(0);
      else expect(Object.keys(q.relevant).length).toBeGreaterThan(0);
    }
    expect(queries.filter((q) => Object.keys(q.relevant).length > 0).length).toBeGreaterThanOrEqual(60);
    for (const kind of KINDS) expect(queries.some((q) => q.kind === kind)).toBe(true);
    expect(queries.filter((q) => q.kind === "none").length).toBeLessThanOrEqual(3);
  });

  it("name only experts that exist in the directory", async () => {
    const slugs = [...new Set(queries.flatMap((q) => Object.keys(q.relevant)))];
    const missing: string[] = [];
    for (const slug of slugs) {
      const res = await fetch(`${app.url}/api/agents/experts/${slug}`);
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(`${slug} (${res.status})`);
    }
    expect(missing).toEqual([]);
  });
});

describe("search relevance", () => {
  let report: Report;
  beforeAll(async () => {
    report = await scoreRelevance(app.url, queries);
    for (const [kind, m] of Object.entries(report.byKind)) console.log(formatMetrics(kind, m!));
    console.log(formatMetrics("OVERALL", report.overall));
    console.log(`none: ${report.none.map((n) => `${n.id}=${n.returned}`).join(" ")}${report.errors.length ? `  non-200: ${report.errors.map((e) => `${e.id}=${e.status}`).join(" ")}` : ""}`);
  });

  it(`reaches nDCG@10 ≥ ${NDCG_FLOOR}`, () => {
    expect(report.overall.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
  });

  it(`returns nothing for at most ${ZERO_RESULT_CEILING * 100}% of the queries someone fits`, () => {
    expect(report.overall.zeroResultRate).toBeLessThanOrEqual(ZERO_RESULT_CEILING);
  });
});
