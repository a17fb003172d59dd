import { describe, expect, it } from "bun:test";
import { FrequencyCache, type LexemeFrequencies, provablyMoreThan, SAFETY_FACTOR } from "../src/search/frequency.ts";
import type { QueryGroup } from "../src/search/query-types.ts";
import { testApp } from "./support/app.ts";

function fake(counts: Record<string, number>): LexemeFrequencies {
  return {
    documents: (lexeme) => counts[lexeme] ?? 0,
    documentsWithPrefix: (prefix) =>
      Math.max(
        0,
        ...Object.entries(counts)
          .filter(([l]) => l.startsWith(prefix))
          .map(([, n]) => n),
      ),
  };
}

function group(...alternatives: { lexemes: string[]; prefix?: boolean }[]): QueryGroup {
  return {
    label: alternatives[0].lexemes.join(" "),
    weight: 1,
    alternatives: alternatives.map((a) => ({ prefix: false, factor: 1, ...a })),
  };
}

describe("skipping the count of a word the statistics know is frequent", () => {
  const cap = 10_000;

  it("trusts one frequent single-word alternative of any group, with the safety margin", () => {
    const stats = fake({ lawyer: SAFETY_FACTOR * cap, berlin: 500 });
    expect(provablyMoreThan(stats, [group({ lexemes: ["berlin"] }), group({ lexemes: ["lawyer"] })], cap)).toBe(true);
    expect(provablyMoreThan(fake({ lawyer: SAFETY_FACTOR * cap - 1 }), [group({ lexemes: ["lawyer"] })], cap)).toBe(
      false,
    );
  });

  it("proves nothing from a phrase, whose words must meet in one document", () => {
    const stats = fake({ family: 10 * cap, law: 10 * cap });
    expect(provablyMoreThan(stats, [group({ lexemes: ["family", "law"] })], cap)).toBe(false);
  });

  it("reads a prefix through its most frequent completion", () => {
    const stats = fake({ anwalt: 4 * cap, analyst: 100 });
    expect(provablyMoreThan(stats, [group({ lexemes: ["an"], prefix: true })], cap)).toBe(true);
    expect(provablyMoreThan(stats, [group({ lexemes: ["ana"], prefix: true })], cap)).toBe(false);
  });

  it("reads PostgreSQL's statistics of the search documents after ANALYZE", async () => {
    const { sql } = await testApp();
    await sql`analyze experts`;
    const [top] = await sql<{ word: string; ndoc: number }[]>`
      select word, ndoc from ts_stat('select search_doc from experts') order by ndoc desc, word limit 1`;
    const stats = await new FrequencyCache().get(sql, Date.now() + 3_600_000); // past the cache's lifetime
    // ANALYZE samples every row of a small table, so the estimate of the commonest lexeme is close.
    expect(Math.abs(stats.documents(top.word) - top.ndoc)).toBeLessThanOrEqual(Math.ceil(top.ndoc * 0.05) + 1);
    expect(stats.documents("zzz-not-a-lexeme")).toBe(0);
    expect(stats.documentsWithPrefix(top.word.slice(0, 1))).toBeGreaterThanOrEqual(stats.documents(top.word));
  });

  it("reads the share of experts rated at least a rating from the rating column's statistics", async () => {
    const { sql } = await testApp();
    await sql`analyze experts`;
    const [row] = await sql<{ rated: number; four: number }[]>`
      select avg((rating is not null)::int)::float8 as rated, avg((coalesce(rating, 0) >= 4)::int)::float8 as four from experts`;
    const stats = await new FrequencyCache().get(sql, Date.now() + 3_600_000);
    expect(stats.ratedAtLeast).toBeDefined();
    // ANALYZE reads every row of a small table: the shares are close to the counted ones.
    expect(stats.ratedAtLeast!(0)).toBeCloseTo(row.rated, 1);
    expect(stats.ratedAtLeast!(4)).toBeCloseTo(row.four, 1);
    expect(stats.ratedAtLeast!(5.01)).toBeCloseTo(0, 5);
  });
});
