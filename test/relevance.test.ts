import { beforeAll, describe, expect, it } from "bun:test";
import { testApp, type TestApp } from "./support/app.ts";
import {
  formatMetrics,
  HELDOUT_PATH,
  KINDS,
  loadQueries,
  NEW_KINDS,
  scoreRelevance,
  TUNING_PATH,
  type Report,
} from "./relevance/score.ts";

// Floors for search quality on the earlier judged set (test/relevance/queries.json), set just under
// the figures the engine reached (nDCG@10 0.948, no empty answer; `bun run relevance`), so that a
// change that makes search worse fails here. Raise them when search gets better.
//
// The tuning and held-out sets (issue 22, test/relevance/README.md) are checked for form here and
// the tuning figures are asserted against floors (TUNING_FLOORS); the held-out ones are only printed by
// `bun run relevance`: they measure the generalization issue 22 is to bring (held-out goal nDCG@10
// >= 0.92, every kind >= 0.85, success@1 >= 0.85, zero results <= 2%, every no-fit query
// match_quality none), and a test that printed them would show them to whoever changes the ranking.
export const NDCG_FLOOR = 0.94;
export const ZERO_RESULT_CEILING = 0.01;
/**
 * Floors on the tuning set (test/relevance/tuning.json), just under its figures with g25 and g26
 * (2026-11-27: nDCG@10 0.947, recall@10 0.951, success@1 0.978, 240 of 245 no-fit queries
 * answering match_quality none; the same on PGlite and PostgreSQL). Raise them when search gets
 * better.
 */
export const TUNING_FLOORS = { ndcg: 0.94, recall: 0.945, successAt1: 0.97, noFitNone: 0.97 };

const queries = loadQueries();
const tuning = loadQueries(TUNING_PATH);
const heldout = loadQueries(HELDOUT_PATH);
let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

describe("judged queries", () => {
  it("are well-formed", () => {
    const ids = queries.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of queries) {
      expect<readonly string[]>(KINDS).toContain(q.kind);
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

describe("tuning and held-out judged queries", () => {
  const both = [...tuning, ...heldout];
  it("are well-formed, with ids unique across all three sets", () => {
    const ids = [...queries, ...both].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of both) {
      expect<readonly string[]>(NEW_KINDS).toContain(q.kind);
      expect(typeof q.q).toBe("string");
      expect(q.lang).toMatch(/^[a-z]{2}$/);
      expect(q.note.length).toBeGreaterThan(0);
      for (const grade of Object.values(q.relevant)) expect([1, 2, 3]).toContain(grade);
      if (q.kind === "none") expect(Object.keys(q.relevant)).toHaveLength(0);
      else expect(Object.keys(q.relevant).length).toBeGreaterThan(0);
    }
  });

  /** The batches that went whole to tuning, unsplit (their ids' prefixes). */
  const WHOLE_TO_TUNING = /^g(12|22|23|24|25|26|27|28|29|30|31|32|33)-/;

  it("cover what issue 22 asks: ≥ 100 queries, every kind in both sets, ≥ 15 nobody fits, ≥ 8 languages", () => {
    expect(both.length).toBeGreaterThanOrEqual(100);
    for (const kind of NEW_KINDS) {
      expect(tuning.some((q) => q.kind === kind)).toBe(true);
      expect(heldout.some((q) => q.kind === kind)).toBe(true);
    }
    expect(both.filter((q) => q.kind === "none").length).toBeGreaterThanOrEqual(15);
    const langs = new Set(both.map((q) => q.lang));
    expect(langs.size).toBeGreaterThanOrEqual(8);
    for (const lang of ["en", "es", "pt", "it", "de", "fr", "ja", "zh", "ko"]) expect(langs).toContain(lang);
    // held out is the larger part (about 55%) of every batch that was split; g12 and g22–g33 went
    // whole to tuning, written to be read while fixing what fails (test/relevance/README.md)
    const split = tuning.filter((q) => !WHOLE_TO_TUNING.test(q.id));
    expect(heldout.length).toBeGreaterThan(split.length);
    expect(heldout.some((q) => WHOLE_TO_TUNING.test(q.id))).toBe(false);
  });

  it("name only public experts of the directory", async () => {
    const slugs = [...new Set(both.flatMap((q) => Object.keys(q.relevant)))];
    const missing: string[] = [];
    for (const slug of slugs) {
      const res = await fetch(`${app.url}/api/agents/experts/${slug}`);
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(`${slug} (${res.status})`);
    }
    expect(missing).toEqual([]);
  });

  // Only the tuning part is scored here: every test run printing the held-out figure would show it to
  // whoever changes the ranking, and its 870 searches were half of this file's time (~100 s of CPU
  // on PGlite here, 2026-11-27). The held-out figure is `bun run relevance` alone. The tuning figures
  // are asserted just under what search reaches (TUNING_FLOORS), so that these ~1,000 searches
  // guard against a change that makes search worse instead of only printing a line.
  it("are scored on the tuning part, which stays above its floors", async () => {
    const report = await scoreRelevance(app.url, tuning);
    console.log(formatMetrics("tuning OVERALL", report.overall));
    // every query got an answer the scorer could read
    expect(report.results).toHaveLength(tuning.length);
    expect(report.errors).toEqual([]);
    expect(report.overall.ndcg).toBeGreaterThanOrEqual(TUNING_FLOORS.ndcg);
    expect(report.overall.recall).toBeGreaterThanOrEqual(TUNING_FLOORS.recall);
    expect(report.overall.successAt1).toBeGreaterThanOrEqual(TUNING_FLOORS.successAt1);
    expect(report.overall.zeroResultRate).toBeLessThanOrEqual(ZERO_RESULT_CEILING);
    const noFit = report.none.filter((n) => n.matchQuality === "none").length / report.none.length;
    expect(noFit).toBeGreaterThanOrEqual(TUNING_FLOORS.noFitNone);
    // ~1,000 searches on a busy machine: ~100 s on PGlite in a whole run (2026-11-27); a generous
    // bound, this test asserts no speed.
  }, 600_000);
});

describe("search relevance", () => {
  let report: Report;
  beforeAll(async () => {
    report = await scoreRelevance(app.url, queries);
    for (const [kind, m] of Object.entries(report.byKind)) console.log(formatMetrics(kind, m!));
    console.log(formatMetrics("OVERALL", report.overall));
    console.log(
      `none: ${report.none.map((n) => `${n.id}=${n.returned}`).join(" ")}${report.errors.length ? `  non-200: ${report.errors.map((e) => `${e.id}=${e.status}`).join(" ")}` : ""}`,
    );
  });

  it(`reaches nDCG@10 ≥ ${NDCG_FLOOR}`, () => {
    expect(report.overall.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
  });

  it(`returns nothing for at most ${ZERO_RESULT_CEILING * 100}% of the queries someone fits`, () => {
    expect(report.overall.zeroResultRate).toBeLessThanOrEqual(ZERO_RESULT_CEILING);
  });
});
